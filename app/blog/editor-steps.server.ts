/**
 * The blog editor's steps in the Markdown editors' shared action
 * (app/markdown/editor-action.server.ts), made of its own server side (editor.server.ts).
 */
import type { EditorSteps } from "~/markdown/editor-action.server";
import type { Storage } from "~/storage/storage.server";

import type { PostEditorActionData, PostSaveIntent } from "./editor-types";
import { checkPostForm, failedPostSave, POST_EDITOR_FORM, previewPost, type CheckedPostForm } from "./editor.server";

export type CheckedPost = Extract<CheckedPostForm, { ok: true }>;

/** The steps of a new post's editor (`isNew`: a save without a publication is a draft) or an existing one's. */
export const postEditorSteps = (storage: Storage, isNew: boolean): EditorSteps<PostSaveIntent, CheckedPost, PostEditorActionData> => ({
  listPath: "/admin/blog",
  deletedNotice: "post-deleted",
  form: POST_EDITOR_FORM,
  preview: previewPost,
  check: (form, intent) => checkPostForm(form, intent, storage, isNew),
  failed: (intent, checked, error) => failedPostSave(intent, checked.values, error),
});

/** When a save schedules the post for a time still to come; null when it publishes at once or not at all. */
export const scheduledAt = ({ publication }: CheckedPost): Date | null =>
  publication.kind === "at" && publication.at.getTime() > Date.now() ? publication.at : null;
