/** What the document editor's action answers (shared by the route modules and the editor component). */
import type { DocumentValues, FieldErrors } from "./document-schema";

export type SaveIntent = "save" | "publish" | "unpublish";

export type EditorActionData =
  | { intent: "preview"; html: string; values: DocumentValues }
  | { intent: SaveIntent; ok: false; message: string; errors: FieldErrors; values: DocumentValues }
  | { intent: SaveIntent; ok: true; message: string }
  /** Delete without the confirmation (no JavaScript): ask on a confirmation step. */
  | { intent: "delete"; ok: false; confirm: true; message: string }
  | { intent: string; ok: false; message: string };

/** The document as the editor shows it. */
export interface EditorDocument {
  id: string;
  title: string;
  slug: string;
  collection: string;
  body: string;
  published: boolean;
  author: string | null;
  createdAt: string;
  updatedAt: string;
}
