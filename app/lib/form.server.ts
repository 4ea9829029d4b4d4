/**
 * The one form pipeline of every action (ADR 027): `parseForm` reads the body within its byte
 * limit while streaming (readForm, ADR 009), checks its text fields with a zod schema, and answers
 * one shape: the typed data, or an ActionFailure (app/lib/action-result.ts) with the field errors,
 * a message for the form and what was typed in the fields it may echo. The actions answer with the
 * same ActionResult through `actionOk`, `actionError` and `actionConfirm`.
 *
 * The caller checks who may post first (requireAdmin), and any rule on `intent` itself (who may do
 * what) before it looks at `parsed.ok`: a refusal never depends on whether the rest was valid.
 */
import { data } from "react-router";
import { z } from "zod";

import type { ActionConfirm, ActionFailure, ActionSuccess, FieldErrors, FormRefusal } from "./action-result";
import { readForm } from "./request-body.server";

export type ParsedForm<T> =
  | {
      ok: true;
      intent: string;
      data: T;
      /** The whole form, for its files. */
      form: FormData;
      /** Every text field as posted (the first of a repeated name), before the schema. */
      fields: Record<string, string>;
    }
  | {
      ok: false;
      intent: string;
      status: number;
      /** The refusal: field errors beside their fields, a message for the form, the echoed values. */
      result: FormRefusal;
      /** `result` as the action's answer, with its status. */
      response: ReturnType<typeof actionError<FormRefusal>>;
      /** Every text field as posted; empty when the body itself was refused. */
      fields: Record<string, string>;
    };

export interface FormOptions {
  /** Body size limit in bytes (default: readForm's 64 KiB for ordinary forms). */
  limit?: number;
  /** A too-large body up to this many bytes is read and dropped, so the refusal reaches the client (default: readForm's). */
  drainUpTo?: number;
  /** The intent of a form that has no `intent` field (a sign-in form, the contact form). */
  intent?: string;
  /** The message of a refused form; default: the first problem's own message. */
  invalidMessage?: string;
  /** The code of a refused form (default validation_failed). */
  code?: string;
  /** Fields echoed back on a refusal, so the page keeps what was typed. Never a password. */
  echo?: readonly string[];
  /**
   * A body that is too large (413) or not a form (400) is answered with readForm's plain-text
   * refusal; with this, with an ActionFailure the page shows instead.
   */
  refused?: (status: 400 | 413) => ActionFailure;
}

export const UNKNOWN_ACTION = "Unknown action.";

/** The form's text fields; the first value of a repeated name, as FormData.get gives it. */
function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

/** Field errors from zod's issues: the first message of each field (its path's first key). */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field) fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/** The form of `request`, read within its limit and checked by `schema` (zod or zod/mini). */
export async function parseForm<S extends z.core.$ZodType>(
  request: Request,
  schema: S,
  options: FormOptions = {},
): Promise<ParsedForm<z.output<S>>> {
  let form: FormData;
  try {
    form = await readForm(request, options.limit, options.drainUpTo);
  } catch (error) {
    if (options.refused && error instanceof Response && (error.status === 400 || error.status === 413)) {
      const result = options.refused(error.status);
      return { ok: false, intent: result.intent, status: error.status, result, response: actionError(error.status, result), fields: {} };
    }
    throw error;
  }
  const fields = textFields(form);
  const intent = fields.intent ?? options.intent ?? "";
  const parsed = z.safeParse(schema, fields);
  if (parsed.success) return { ok: true, intent, data: parsed.data, form, fields };

  const unknownIntent = parsed.error.issues.some((issue) => issue.code === "invalid_union" && issue.path[0] === "intent");
  const values = options.echo ? Object.fromEntries(options.echo.map((name) => [name, fields[name] ?? ""])) : undefined;
  const result: FormRefusal = {
    ok: false,
    intent,
    code: options.code ?? "validation_failed",
    message: unknownIntent ? UNKNOWN_ACTION : (options.invalidMessage ?? parsed.error.issues[0]?.message ?? "That request is not valid."),
    ...(unknownIntent ? {} : { fieldErrors: fieldErrorsOf(parsed.error.issues) }),
    ...(values ? { values } : {}),
  };
  return { ok: false, intent, status: 400, result, response: actionError(400, result), fields };
}

/** A change that was made (200). */
export function actionOk<I extends string, X extends object = object>(intent: I, message: string, extra?: X) {
  return data<ActionSuccess<I> & X>({ ok: true, intent, message, ...(extra as X) });
}

/** A change that was refused, with its status: 400 invalid, 403 not allowed, 404 gone, 409 conflict, 5xx failed. */
export function actionError<F extends ActionFailure, X extends object = object>(
  status: number,
  result: Omit<F, "ok"> & X,
  headers?: HeadersInit,
) {
  return data<F & X>({ ...result, ok: false } as F & X, { status, headers });
}

/** The confirmation step of a destructive action posted without JavaScript (200: nothing changed yet). */
export function actionConfirm<I extends string, X extends object = object>(intent: I, message: string, extra?: X) {
  return data<ActionConfirm<I> & X>({ ok: "confirm", intent, message, ...(extra as X) });
}
