/** What the document editor's action answers (shared by the route modules and the editor component). */
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";
import type { DocumentField, DocumentValues } from "./document-schema";

export type SaveIntent = "save" | "publish" | "unpublish";
export type EditorIntent = SaveIntent | "delete";

/** The server's rendering of the body being edited; the values come back so a plain POST keeps them. */
export type PreviewResult = {
  ok: true;
  intent: "preview";
  message: string;
  html: string;
  /** Why there is no preview (the body cannot be rendered within the limit). */
  previewError?: string;
  values: DocumentValues;
};

export type EditorActionData =
  | PreviewResult
  | ActionSuccess<EditorIntent>
  /** A refused save carries the field errors and what was typed. */
  | (ActionFailure<EditorIntent, DocumentField> & { values?: DocumentValues })
  /** Delete without the dialog (no JavaScript): ask on a confirmation step. */
  | ActionConfirm<EditorIntent>
  | FormRefusal;

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
