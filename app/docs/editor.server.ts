/**
 * The document editor's steps, shared by /admin/docs/new and /admin/docs/:id (their loaders and
 * actions are in app/routes/admin/docs-new.server.ts and docs-edit.server.ts): the live preview,
 * the checks of a save and the answers to a failed one. The routes check the admin role first.
 */
import { data } from "react-router";

import type { FormFields } from "~/lib/action-result";
import { actionError } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import type { EditorSteps } from "~/markdown/editor-action.server";
import type { PreviewResult } from "~/markdown/editor-types";
import { previewAnswer, renderForStorage, type StoredRendering } from "~/markdown/markdown.server";

import { DOCUMENT_FORM_LIMIT } from "./document-rules";
import { normaliseBody, parseDocumentForm, type DocumentField, type DocumentValues, type ParsedDocument } from "./document-schema";
import { SlugTakenError } from "./documents.server";
import type { DocumentEditorResult, DocumentSaveIntent } from "./editor-types";

const DOCUMENT_FIELDS: readonly DocumentField[] = ["title", "slug", "collection", "body"];
/** parseForm's options for the editor: a document's size limit; what was typed comes back on a refusal. */
export const DOCUMENT_EDITOR_FORM = { limit: DOCUMENT_FORM_LIMIT, echo: DOCUMENT_FIELDS };

const NOT_SAVED = "The document was not saved: correct the fields marked below.";

/** The sanitised HTML of the body being edited; the values come back so a plain POST keeps them. */
export async function previewResponse(fields: FormFields) {
  const { values } = parseDocumentForm(fields);
  return data<PreviewResult<DocumentValues>>(await previewAnswer(normaliseBody(values.body), values));
}

/**
 * The body's HTML, made before the save (ADR 017): a body that cannot be rendered within the
 * limit is refused, with the reason on the body field, and nothing is stored.
 */
export async function renderForSave(
  intent: DocumentSaveIntent,
  parsed: Extract<ParsedDocument, { ok: true }>,
): Promise<{ ok: true; rendered: StoredRendering } | { ok: false; response: ReturnType<typeof actionError<Refusal>> }> {
  const stored = await renderForStorage(parsed.data.body);
  if (stored.ok) return stored;
  return {
    ok: false,
    response: actionError<Refusal>(stored.status, {
      intent,
      message: NOT_SAVED,
      fieldErrors: { body: stored.message },
      values: parsed.values,
    }),
  };
}

type Refusal = Extract<DocumentEditorResult, { ok: false }>;

export function invalidResponse(intent: DocumentSaveIntent, parsed: Extract<ParsedDocument, { ok: false }>) {
  return actionError<Refusal>(400, { intent, message: NOT_SAVED, fieldErrors: parsed.errors, values: parsed.values });
}

/** A save that failed: a slug clash (409, beside the slug field) or an unexpected error (500). */
export function failedSaveResponse(intent: DocumentSaveIntent, parsed: Extract<ParsedDocument, { ok: true }>, error: unknown) {
  if (error instanceof SlugTakenError)
    return actionError<Refusal>(409, { intent, message: NOT_SAVED, fieldErrors: { slug: error.message }, values: parsed.values });
  log.error("Document save failed:", error instanceof Error ? error.message : error);
  return actionError<Refusal>(500, {
    intent,
    message: "The document could not be saved just now. Your text is still here: try again.",
    fieldErrors: {},
    values: parsed.values,
  });
}

/** A save's fields, checked, and its body's HTML. */
export interface CheckedDocument {
  parsed: Extract<ParsedDocument, { ok: true }>;
  rendered: StoredRendering;
}

/** The document editor's steps in the Markdown editors' shared action (app/markdown/editor-action.server.ts). */
export const DOCUMENT_EDITOR_STEPS: EditorSteps<DocumentSaveIntent, CheckedDocument, DocumentEditorResult> = {
  listPath: "/admin/docs",
  deletedNotice: "document-deleted",
  form: DOCUMENT_EDITOR_FORM,
  preview: previewResponse,
  async check(fields, intent) {
    const parsed = parseDocumentForm(fields);
    if (!parsed.ok) return { ok: false, response: invalidResponse(intent, parsed) };
    const html = await renderForSave(intent, parsed);
    return html.ok ? { ok: true, parsed, rendered: html.rendered } : html;
  },
  failed: (intent, { parsed }, error) => failedSaveResponse(intent, parsed, error),
};
