/**
 * The one pipeline of the admin area's actions: read the form within a size limit, check it with
 * a zod discriminated union on `intent`, and answer with an ActionResult (app/lib/action-result.ts).
 * The caller checks the admin role first (requireAdmin), and any rule on `intent` itself (who may
 * do what) before it looks at `parsed.ok`: a refusal never depends on whether the rest was valid.
 */
import { data } from "react-router";
import type { z } from "zod";

import type { ActionConfirm, ActionFailure, ActionSuccess, FieldErrors } from "./action-result";
import { readForm } from "./request-body.server";

export type ParsedAdminForm<T> =
  { ok: true; intent: string; data: T; form: FormData } | { ok: false; intent: string; response: ReturnType<typeof actionError> };

export interface AdminFormOptions {
  /** Body size limit in bytes (default: readForm's 64 KiB for ordinary forms). */
  limit?: number;
  /** The message of a refused form; default: the first problem's own message. */
  invalidMessage?: string;
  /** The code of a refused form (default validation_failed). */
  code?: string;
  /** Fields echoed back on a refusal, so the page keeps what was typed. Never a password. */
  echo?: readonly string[];
  /**
   * A body that is too large (413) or not a form (400) is answered with readForm's plain-text
   * refusal; with this, with an ActionResult the page shows instead.
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

export async function parseAdminForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: AdminFormOptions = {},
): Promise<ParsedAdminForm<z.output<S>>> {
  let form: FormData;
  try {
    form = await readForm(request, options.limit);
  } catch (error) {
    if (options.refused && error instanceof Response && (error.status === 400 || error.status === 413)) {
      const result = options.refused(error.status);
      return { ok: false, intent: result.intent, response: actionError(error.status, result) };
    }
    throw error;
  }
  const fields = textFields(form);
  const intent = fields.intent ?? "";
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, intent, data: parsed.data, form };

  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field) fieldErrors[field] ??= issue.message;
  }
  const unknownIntent = parsed.error.issues.some((issue) => issue.code === "invalid_union" && issue.path[0] === "intent");
  const values = options.echo ? Object.fromEntries(options.echo.map((name) => [name, fields[name] ?? ""])) : undefined;
  return {
    ok: false,
    intent,
    response: actionError(400, {
      ok: false,
      intent,
      code: options.code ?? "validation_failed",
      message: unknownIntent ? UNKNOWN_ACTION : (options.invalidMessage ?? parsed.error.issues[0]?.message ?? "That request is not valid."),
      ...(unknownIntent ? {} : { fieldErrors }),
      ...(values ? { values } : {}),
    }),
  };
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
