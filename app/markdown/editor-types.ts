/**
 * What the Markdown editors' actions answer (documents and blog posts, ADR 006): one shape for
 * both, read by the editor shell (app/components/admin/editor-shell.tsx) and the route modules.
 */
import type { ActionResult, ActionSuccess, FormRefusal } from "~/lib/action-result";

/** Every intent of an editor's form: its saves, then unpublish and delete (preview answers apart). */
export type EditorIntent<Save extends string> = Save | "unpublish" | "delete";

/**
 * A preview: a success of the one ActionResult shape (app/lib/action-result.ts, ADR 027) with the
 * server's rendering of the body; the values come back so a plain POST keeps them.
 */
export type PreviewResult<Values> = ActionSuccess<"preview"> & {
  html: string;
  /** Why there is no preview (the body cannot be rendered within the limit). */
  previewError?: string;
  values: Values;
};

/**
 * What an editor's action answers: an ActionResult of its intents (a refused save carries the
 * field errors and what was typed; delete without JavaScript asks on a confirmation step), a
 * preview, or a form refused before its intent was known.
 */
export type EditorResult<Save extends string, Field extends string, Values> =
  ActionResult<EditorIntent<Save>, Field> | PreviewResult<Values> | FormRefusal;

/** The content studio's live preview of one Markdown field (intent=preview-markdown): the rendering, or why there is none. */
export type FieldPreviewResult = ActionSuccess<"preview-markdown"> & { html: string; previewError?: string };
