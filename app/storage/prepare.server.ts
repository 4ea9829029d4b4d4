/**
 * Everything an upload goes through before anything is stored, whatever the backend: the name
 * rules, the size limit, the type from the content, SVG sanitising, a full decode by sharp (a
 * file that only looks like an image is refused) and the thumbnail. A refusal throws a
 * StorageError; nothing is written until this has succeeded.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";

import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, THUMBNAIL_MAX_PX, type ContentType } from "./constants";
import { StorageError } from "./errors";
import { detectContentType, utf8Text } from "./file-type.server";
import { nameProblem, withTypeExtension } from "./names";
import { sanitizeSvg } from "./svg.server";

export interface PreparedObject {
  /** The stored name: the requested one, with the extension of its content type. */
  name: string;
  contentType: ContentType;
  data: Buffer;
  sha256: string;
  thumbnail: Buffer;
}

/** sharp's own name for each accepted type, to check that the whole file decodes as what its first bytes say. */
const SHARP_FORMAT: Record<Exclude<ContentType, "image/svg+xml">, string[]> = {
  "image/png": ["png"],
  "image/jpeg": ["jpeg"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/avif": ["heif"],
};

export function checkName(name: string): string {
  const problem = nameProblem(name);
  if (problem)
    throw new StorageError(
      "invalid_name",
      `${problem} Names may use letters, digits, spaces, dots, hyphens and underscores, with “/” between folders.`,
    );
  return name;
}

export const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** A WebP of at most THUMBNAIL_MAX_PX on the longer side (the first frame of an animation). */
export async function makeThumbnail(data: Buffer, contentType: ContentType): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, failOn: "error" });
  const meta = await image.metadata();
  const expected = contentType === "image/svg+xml" ? ["svg"] : SHARP_FORMAT[contentType];
  if (!meta.format || !expected.includes(meta.format) || (contentType === "image/avif" && meta.compression !== "av1")) {
    throw new StorageError("unsupported_type", "The file’s content is not a readable image of the type it claims to be.");
  }
  return image
    .rotate()
    .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

export async function prepareUpload(requestedName: string, bytes: Uint8Array): Promise<PreparedObject> {
  checkName(requestedName);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new StorageError("too_large");
  if (bytes.byteLength === 0) throw new StorageError("unsupported_type", "The file is empty.");
  const contentType = detectContentType(bytes);
  if (!contentType) throw new StorageError("unsupported_type");
  let data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (contentType === "image/svg+xml") {
    const text = utf8Text(bytes);
    const clean = text === null ? null : await sanitizeSvg(text);
    if (!clean)
      throw new StorageError(
        "unsupported_type",
        "Nothing safe to keep in that SVG: it has no drawing left once scripts and outside references are removed.",
      );
    data = Buffer.from(clean, "utf8");
  }
  let thumbnail: Buffer;
  try {
    thumbnail = await makeThumbnail(data, contentType);
  } catch (error) {
    if (error instanceof StorageError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message))
      throw new StorageError("too_large", `Images can have at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`);
    throw new StorageError("unsupported_type", "The file’s content is not a readable image of the type it claims to be.");
  }
  const name = withTypeExtension(requestedName, contentType);
  checkName(name);
  return { name, contentType, data, sha256: sha256Hex(data), thumbnail };
}
