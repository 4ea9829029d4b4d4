/** Shapes shared by the /admin/graphics route and its components (no server code). */
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

export type GraphicsOutcome =
  | { ok: true; intent: GraphicsIntent; message: string; name?: string; signed?: { url: string; expires: string }; results?: UploadResult[] }
  | { ok: false; intent: GraphicsIntent; message: string; code?: string; field?: "to" | "files" | "folder" | "expiresIn"; name?: string; value?: string; results?: UploadResult[] }
  | { ok: "confirm"; intent: "delete"; message: string; name: string };

export interface UploadResult {
  file: string;
  ok: boolean;
  message: string;
}
