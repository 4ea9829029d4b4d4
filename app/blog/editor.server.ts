/**
 * The blog editor's steps, shared by /admin/blog/new and /admin/blog/:id (their loaders and actions are in
 * app/routes/admin/blog-new.server.ts and blog-edit.server.ts): the preview, reading and checking the form (fields,
 * cover in the library, publication time), the cover choices and the answers to a failed save.
 */
import { data } from "react-router";

import type { Database } from "~/db/client.server";
import type { FormFields } from "~/lib/action-result";
import { actionError } from "~/lib/form.server";
import { log } from "~/lib/log.server";
import type { EditorSteps } from "~/markdown/editor-action.server";
import { previewAnswer, renderForStorage, type StoredRendering } from "~/markdown/markdown.server";
import { GRAPHICS_BUCKET } from "~/storage/constants";
import { storagePaths } from "~/storage/names";
import type { Storage } from "~/storage/storage.server";

import { BLOG_TIME_ZONE, BLOG_TIME_ZONE_LABEL, POST_FORM_LIMIT, zonedLocalToDate } from "./blog-rules";
import { type CoverChoice, type PostEditorResult, type PostSaveIntent } from "./editor-types";
import { parsePost, POST_FIELDS, postValues, type PostFieldErrors, type PostInput, type PostValues } from "./post-schema";
import { PostSlugRedirectedError, PostSlugTakenError, type Publication } from "./posts.server";

export const POST_EDITOR_FORM = { limit: POST_FORM_LIMIT, echo: [...POST_FIELDS, "publishAt"] };

const NOT_SAVED = "The post was not saved: correct the fields marked below.";

type Refusal = Extract<PostEditorResult, { ok: false }>;

export async function previewPost(fields: FormFields) {
  const values = postValues(fields);
  return data<PostEditorResult>(await previewAnswer(values.body.replace(/\r\n?/g, "\n"), values, { topHeadingH2: true }));
}

/** The graphics a cover can be chosen from (the first 1000 by name). */
export async function coverChoices(storage: Storage): Promise<CoverChoice[]> {
  const { items } = await storage.list(GRAPHICS_BUCKET, { limit: 1000 });
  return items
    .filter((i) => i.contentType.startsWith("image/"))
    .map((i) => ({ name: i.name, thumb: storagePaths.thumbnail(GRAPHICS_BUCKET, i.name) }));
}

export type CheckedPostForm =
  | { ok: true; data: PostInput; publication: Publication; rendered: StoredRendering; values: PostValues & { publishAt: string } }
  | { ok: false; response: ReturnType<typeof actionError<Refusal>> };

/**
 * The form's fields and the publication its intent asks for, checked: the schema, the cover in
 * the library, for a schedule a valid time (a time already past publishes at once), and the body
 * rendered within the limit (ADR 017; its HTML is stored with the post).
 */
export async function checkPostForm(
  fields: FormFields,
  intent: PostSaveIntent,
  storage: Storage,
  isNew: boolean,
): Promise<CheckedPostForm> {
  const parsed = parsePost(postValues(fields));
  const publishAtText = (typeof fields.publishAt === "string" ? fields.publishAt : "").slice(0, 40);
  const values = { ...parsed.values, publishAt: publishAtText };
  const errors: PostFieldErrors = parsed.ok ? {} : { ...parsed.errors };
  if (parsed.ok && parsed.data.coverImage) {
    const exists = await storage.info(GRAPHICS_BUCKET, parsed.data.coverImage).then(
      () => true,
      () => false,
    );
    if (!exists) errors.coverImage = "That graphic is no longer in the library: choose another, or upload it in the graphics manager.";
  }
  let publication: Publication = isNew ? { kind: "draft" } : { kind: "keep" };
  if (intent === "publish") publication = { kind: "now" };
  if (intent === "schedule") {
    const at = zonedLocalToDate(publishAtText, BLOG_TIME_ZONE);
    if (!at) errors.publishAt = `Enter the date and time to publish, in ${BLOG_TIME_ZONE_LABEL}.`;
    else if (at.getFullYear() > 2100) errors.publishAt = "Choose a date before 2100.";
    else publication = { kind: "at", at };
  }
  if (!parsed.ok || Object.keys(errors).length)
    return { ok: false, response: actionError<Refusal>(400, { intent, message: NOT_SAVED, fieldErrors: errors, values }) };
  const stored = await renderForStorage(parsed.data.body, { topHeadingH2: true });
  if (!stored.ok)
    return {
      ok: false,
      response: actionError<Refusal>(stored.status, { intent, message: NOT_SAVED, fieldErrors: { body: stored.message }, values }),
    };
  return { ok: true, data: parsed.data, publication, rendered: stored.rendered, values };
}

/** A save that failed: a slug clash (409, beside the slug field) or an unexpected error (500). */
export function failedPostSave(intent: PostSaveIntent, values: PostValues & { publishAt: string }, error: unknown) {
  if (error instanceof PostSlugTakenError || error instanceof PostSlugRedirectedError)
    return actionError<Refusal>(409, { intent, message: NOT_SAVED, fieldErrors: { slug: error.message }, values });
  log.error("Blog post save failed:", error instanceof Error ? error.message : error);
  return actionError<Refusal>(500, {
    intent,
    message: "The post could not be saved just now. Your text is still here: try again.",
    fieldErrors: {},
    values,
  });
}

export type { Database };

// The blog editor's steps in the Markdown editors' shared action (app/markdown/editor-action.server.ts).

export type CheckedPost = Extract<CheckedPostForm, { ok: true }>;

/** The steps of a new post's editor (`isNew`: a save without a publication is a draft) or an existing one's. */
export const postEditorSteps = (storage: Storage, isNew: boolean): EditorSteps<PostSaveIntent, CheckedPost, PostEditorResult> => ({
  listPath: "/admin/blog",
  deletedNotice: "post-deleted",
  form: POST_EDITOR_FORM,
  preview: previewPost,
  check: (fields, intent) => checkPostForm(fields, intent, storage, isNew),
  failed: (intent, checked, error) => failedPostSave(intent, checked.values, error),
});

/** When a save schedules the post for a time still to come; null when it publishes at once or not at all. */
export const scheduledAt = ({ publication }: CheckedPost): Date | null =>
  publication.kind === "at" && publication.at.getTime() > Date.now() ? publication.at : null;
