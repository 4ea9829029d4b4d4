/**
 * The document editor's steps in the Markdown editors' shared action
 * (app/markdown/editor-action.server.ts), made of its own server side (editor.server.ts).
 */
import type { EditorSteps } from "~/markdown/editor-action.server";
import type { StoredRendering } from "~/markdown/markdown.server";

import { parseDocumentForm, type ParsedDocument } from "./document-schema";
import type { DocumentEditorActionData, DocumentSaveIntent } from "./editor-types";
import { DOCUMENT_EDITOR_FORM, failedSaveResponse, invalidResponse, previewResponse, renderForSave } from "./editor.server";

/** A save's fields, checked, and its body's HTML. */
export interface CheckedDocument {
  parsed: Extract<ParsedDocument, { ok: true }>;
  rendered: StoredRendering;
}

export const DOCUMENT_EDITOR_STEPS: EditorSteps<DocumentSaveIntent, CheckedDocument, DocumentEditorActionData> = {
  listPath: "/admin/docs",
  deletedNotice: "document-deleted",
  form: DOCUMENT_EDITOR_FORM,
  preview: previewResponse,
  async check(form, intent) {
    const parsed = parseDocumentForm(form);
    if (!parsed.ok) return { ok: false, response: invalidResponse(intent, parsed) };
    const html = await renderForSave(intent, parsed);
    return html.ok ? { ok: true, parsed, rendered: html.rendered } : html;
  },
  failed: (intent, { parsed }, error) => failedSaveResponse(intent, parsed, error),
};
