/** Shapes shared by the /admin/graphics route and its components (no server code). */
import type { ActionConfirm, ActionFailure, ActionSuccess, FormRefusal } from "~/lib/action-result";

export interface GraphicsItem {
  name: string;
  contentType: string;
  typeLabel: string;
  size: number;
  updated: string;
  /** Short content hash, appended to image addresses so a replaced file is not shown from cache. */
  version: string;
}

export interface SelectedGraphic extends GraphicsItem {
  publicUrl: string;
  created: string;
}

export type GraphicsIntent = "upload" | "move" | "copy" | "delete" | "sign";

/** The fields a refusal may point at or echo: `values.name` is the file acted on, `values.to` the name typed. */
export type GraphicsField = "name" | "to" | "files" | "folder" | "expiresIn";

export type GraphicsOutcome =
  | (ActionSuccess<GraphicsIntent> & { name?: string; signed?: { url: string; expires: string }; results?: UploadResult[] })
  | (ActionFailure<GraphicsIntent, GraphicsField> & { results?: UploadResult[] })
  | (ActionConfirm<GraphicsIntent> & { name: string })
  | FormRefusal;

export interface UploadResult {
  file: string;
  ok: boolean;
  message: string;
}
