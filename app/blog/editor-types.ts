/** What the blog editor's action answers (shared by the route modules and the editor component). */
import type { EditorResult } from "~/markdown/editor-types";

import type { PostField, PostValues } from "./post-schema";

/** What the blog editor's save buttons send. */
export type PostSaveIntent = "save" | "publish" | "schedule";

export type PostEditorResult = EditorResult<PostSaveIntent, PostField | "publishAt", PostValues & { publishAt?: string }>;

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
