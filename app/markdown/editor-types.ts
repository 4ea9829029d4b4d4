/**
 * What the Markdown editors' actions answer (documents and blog posts, ADR 006): one shape for
 * both, read by the editor shell (app/components/admin/editor-shell.tsx) and the route modules.
 */
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";

/** Every intent of an editor's form: its saves, then unpublish and delete (preview answers apart). */
export type EditorIntent<Save extends string> = Save | "unpublish" | "delete";

/** The server's rendering of the body being edited; the values come back so a plain POST keeps them. */
export type PreviewResult<Values> = {
  ok: true;
  intent: "preview";
  message: string;
  html: string;
  /** Why there is no preview (the body cannot be rendered within the limit). */
  previewError?: string;
  values: Values;
};

export type EditorActionData<Save extends string, Field extends string, Values> =
  | PreviewResult<Values>
  | ActionSuccess<EditorIntent<Save>>
  /** A refused save carries the field errors and what was typed. */
  | (ActionFailure<EditorIntent<Save>, Field> & { values?: Values })
  /** Delete without the dialog (no JavaScript): ask on a confirmation step. */
  | ActionConfirm<EditorIntent<Save>>
  | FormRefusal;
