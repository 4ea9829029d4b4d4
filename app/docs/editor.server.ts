/**
 * The document editor's server side, shared by /admin/docs/new and /admin/docs/:id: the live
 * preview and the answers to a failed save. The routes check the admin role before calling these.
 */
import { data } from "react-router";
import { z } from "zod";
import { normaliseBody, parseDocumentForm, type ParsedDocument } from "./document-schema";
import { SlugTakenError } from "./documents.server";
import type { EditorActionData, SaveIntent } from "./editor-types";
import { renderMarkdown } from "./markdown.server";

export const documentIdSchema = z.uuid();

export const SAVE_INTENTS: readonly SaveIntent[] = ["save", "publish", "unpublish"];
export const isSaveIntent = (intent: string): intent is SaveIntent => (SAVE_INTENTS as readonly string[]).includes(intent);

/** The sanitised HTML of the body being edited; the values come back so a plain POST keeps them. */
export async function previewResponse(form: FormData) {
  const { values } = parseDocumentForm(form);
  return data<EditorActionData>({ intent: "preview", html: await renderMarkdown(normaliseBody(values.body)), values });
}

export function invalidResponse(intent: SaveIntent, parsed: Extract<ParsedDocument, { ok: false }>) {
  return data<EditorActionData>(
    { intent, ok: false, message: "The document was not saved: correct the fields marked below.", errors: parsed.errors, values: parsed.values },
    { status: 400 },
  );
}

/** A save that failed: a slug clash (409, beside the slug field) or an unexpected error (500). */
export function failedSaveResponse(intent: SaveIntent, parsed: Extract<ParsedDocument, { ok: true }>, error: unknown) {
  if (error instanceof SlugTakenError) {
    return data<EditorActionData>(
      { intent, ok: false, message: "The document was not saved: correct the fields marked below.", errors: { slug: error.message }, values: parsed.values },
      { status: 409 },
    );
  }
  console.error("Document save failed:", error instanceof Error ? error.message : error);
  return data<EditorActionData>(
    { intent, ok: false, message: "The document could not be saved just now. Your text is still here: try again.", errors: {}, values: parsed.values },
    { status: 500 },
  );
}
