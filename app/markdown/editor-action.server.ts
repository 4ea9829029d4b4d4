/**
 * The actions of the Markdown editors' pages (/admin/docs/new and :id, /admin/blog/new and :id):
 * the same steps for documents and posts. The form is read within the editor's limit and its
 * intent checked; a preview renders the body and stores nothing; a save checks the fields and
 * renders the body before anything is stored (ADR 017), and a store that throws (a slug clash, a
 * failure) answers with what was typed; on an existing item, unpublish and delete (confirmed on a
 * step of its own without JavaScript) answer 404 once the item is gone. Each editor brings its
 * steps (EditorSteps) and its store; the route checks the admin role first.
 */
import { data } from "react-router";
import { z } from "zod";

import type { FormFields } from "~/lib/action-result";
import { redirectWithNotice } from "~/lib/flash-notice.server";
import { actionConfirm, actionError, actionOk, parseForm, type FormOptions } from "~/lib/form.server";
import type { NoticeKey } from "~/lib/notices";

/** An answer of an editor's own step: data for the page, or a redirect. */
export type EditorAnswer<Result> = ReturnType<typeof data<Result>> | Response;

/** A save's fields checked and its body rendered, or the refusal that answers it (nothing is stored). */
export type CheckedSave<Checked, Result> = ({ ok: true } & Checked) | { ok: false; response: EditorAnswer<Result> };

/** What one editor does its own way; `Checked` is what its checks give the store. */
export interface EditorSteps<Save extends string, Checked, Result> {
  /** The list the editor belongs to (/admin/docs); an item's page is below it. */
  listPath: string;
  /** What the list says once an item is deleted. */
  deletedNotice: NoticeKey;
  /** parseForm's options: the editor's size limit, and the fields echoed on a refusal. */
  form: FormOptions;
  preview: (fields: FormFields) => Promise<EditorAnswer<Result>>;
  check: (fields: FormFields, intent: Save) => Promise<CheckedSave<Checked, Result>>;
  /** The answer to a store that threw: a slug clash beside the slug field, or a failure. */
  failed: (intent: Save, checked: Checked, error: unknown) => EditorAnswer<Result>;
}

/** An unknown item (or an address that names none): the page's error boundary says so. */
export const itemNotFound = () => data({ reason: "not-found" }, { status: 404 });

/** The item's id in the address, or the 404 thrown. */
export function itemId(param: string | undefined): string {
  const id = z.uuid().safeParse(param);
  if (!id.success) throw itemNotFound();
  return id.data;
}

/** Checks and stores a save; `answer` says what was stored, or the failed step answers. */
async function saveStep<Save extends string, Checked, Result, Stored, Answer>(
  steps: EditorSteps<Save, Checked, Result>,
  form: FormFields,
  intent: Save,
  store: (checked: Checked) => Promise<Stored>,
  answer: (stored: Stored, checked: Checked) => Answer,
) {
  const checked = await steps.check(form, intent);
  if (!checked.ok) return checked.response;
  let stored: Stored;
  try {
    stored = await store(checked);
  } catch (error) {
    return steps.failed(intent, checked, error);
  }
  return answer(stored, checked);
}

/** The new item's page: preview, or a save that creates the item and opens its page with `createdNotice`. */
export async function newItemAction<Save extends string, Checked, Result>(
  request: Request,
  intents: z.ZodType<{ intent: "preview" | Save }>,
  steps: EditorSteps<Save, Checked, Result>,
  item: {
    /** Stores the new item; its id. */
    create: (checked: Checked, intent: Save) => Promise<string>;
    createdNotice: (intent: Save, checked: Checked) => NoticeKey;
  },
) {
  const form = await parseForm(request, intents, steps.form);
  if (!form.ok) return form.response;
  const { intent } = form.data;
  if (intent === "preview") return steps.preview(form.fields);
  const save = intent as Save;
  return saveStep(
    steps,
    form.fields,
    save,
    (checked) => item.create(checked, save),
    (id, checked) => redirectWithNotice(`${steps.listPath}/${id}`, item.createdNotice(save, checked)),
  );
}

/** The intents of an existing item's form (EDITOR_INTENTS): preview, the editor's saves, unpublish and delete. */
type EditForm<Save extends string> = { intent: "preview" | Save } | { intent: "unpublish" } | { intent: "delete"; confirm?: "yes" };

/**
 * An existing item's page: preview, a save, unpublish or delete. Each store answers false when the
 * item is gone (deleted meanwhile): 404, with `goneMessage`.
 */
export async function editItemAction<Save extends string, Checked, Result>(
  request: Request,
  intents: z.ZodType<EditForm<Save>>,
  steps: EditorSteps<Save, Checked, Result>,
  item: {
    goneMessage: string;
    update: (checked: Checked, intent: Save) => Promise<boolean>;
    /** What a stored save says (default: "Changes saved.", or "Saved and published." for a publish). */
    savedMessage?: (intent: Save, checked: Checked) => string | undefined;
    unpublish: () => Promise<boolean>;
    unpublishedMessage: string;
    delete: () => Promise<boolean>;
  },
) {
  const form = await parseForm(request, intents, steps.form);
  if (!form.ok) return form.response;
  const input = form.data;
  const { intent } = input;
  const gone = () => actionError(404, { intent, message: item.goneMessage });

  if (input.intent === "preview") return steps.preview(form.fields);
  if (input.intent === "unpublish") {
    if (!(await item.unpublish())) return gone();
    return actionOk(input.intent, item.unpublishedMessage);
  }
  if (input.intent === "delete") {
    if (!("confirm" in input) || input.confirm !== "yes") return actionConfirm(input.intent, "Confirm the deletion.");
    if (!(await item.delete())) return gone();
    return redirectWithNotice(steps.listPath, steps.deletedNotice);
  }
  const save = input.intent as Save;
  return saveStep(
    steps,
    form.fields,
    save,
    (checked) => item.update(checked, save),
    (found, checked) =>
      found ? actionOk(save, item.savedMessage?.(save, checked) ?? (save === "save" ? "Changes saved." : "Saved and published.")) : gone(),
  );
}
