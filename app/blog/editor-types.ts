/** What the blog editor's action answers (shared by the route modules and the editor component). */
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";
import type { PostField, PostValues } from "./post-schema";

export type PostSaveIntent = "save" | "publish" | "schedule" | "unpublish";
export type PostIntent = PostSaveIntent | "delete";

export type PostEditorActionData =
  | { ok: true; intent: "preview"; message: string; html: string; previewError?: string; values: PostValues }
  | ActionSuccess<PostIntent>
  | (ActionFailure<PostIntent, PostField | "publishAt"> & { values?: PostValues & { publishAt?: string } })
  | ActionConfirm<PostIntent>
  | FormRefusal;

/** A post as the editor shows it. */
export interface EditorPost {
  id: string;
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverImage: string;
  coverAlt: string;
  authorName: string;
  tags: string;
  status: "draft" | "published";
  state: "draft" | "scheduled" | "published";
  /** datetime-local in the office's time zone, "" for none. */
  publishAtLocal: string;
  publishAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A graphic the cover can be chosen from. */
export interface CoverChoice {
  name: string;
  thumb: string;
}
