/** What the document editor's action answers (shared by the route modules and the editor component). */
import type { EditorResult } from "~/markdown/editor-types";

import type { DocumentField, DocumentValues } from "./document-schema";

/** What the document editor's save buttons send. */
export type DocumentSaveIntent = "save" | "publish";

export type DocumentEditorResult = EditorResult<DocumentSaveIntent, DocumentField, DocumentValues>;

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
