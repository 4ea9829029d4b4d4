/**
 * Object names and their URLs. A name is a path inside its bucket ("logos/acme.png"): segments
 * separated by "/", each 1–100 characters of ASCII letters, digits, space, dot, hyphen and
 * underscore, starting with a letter, digit or underscore (so never "." or ".." or a hidden
 * file); no "..", no leading or trailing slash, no backslash or control character; 255 at most.
 * Shared by the server (which enforces it) and the browser (which turns a file's own name into
 * an acceptable one before uploading).
 */
import { hasControlCharacter } from "~/lib/control-characters";

import { CONTENT_TYPES, FILE_TYPES, type ContentType } from "./constants";

export const MAX_NAME_LENGTH = 255;
export const MAX_SEGMENT_LENGTH = 100;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9 ._-]*$/;

/** Why a name is not acceptable, or null when it is. */
export function nameProblem(name: string): string | null {
  if (typeof name !== "string" || name.length === 0) return "The name is empty.";
  if (name.length > MAX_NAME_LENGTH) return `The name is longer than ${MAX_NAME_LENGTH} characters.`;
  if (hasControlCharacter(name)) return "The name contains a control character.";
  if (name.includes("\\")) return "The name contains a backslash.";
  if (name.includes("..")) return "The name contains “..”.";
  if (name.startsWith("/") || name.endsWith("/")) return "The name starts or ends with “/”.";
  for (const segment of name.split("/")) {
    if (segment.length === 0) return "The name has an empty folder (“//”).";
    if (segment.length > MAX_SEGMENT_LENGTH) return `A part of the name is longer than ${MAX_SEGMENT_LENGTH} characters.`;
    if (segment !== segment.trim()) return "A part of the name starts or ends with a space.";
    if (!SEGMENT.test(segment)) return "Use only letters, digits, spaces, dots, hyphens and underscores, starting with a letter or digit.";
  }
  return null;
}

/** The extension of a name's last segment, lower-cased, or "". */
export function extensionOf(name: string): string {
  const last = name.slice(name.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
}

/**
 * The name with the extension of its content type: kept when it already matches ("a.jpeg" for
 * JPEG), replaced when it is another image type's ("a.jpg" holding a PNG → "a.png"), appended
 * otherwise ("a" → "a.png", "report.v2" → "report.v2.png").
 */
export function withTypeExtension(name: string, type: ContentType): string {
  const ext = extensionOf(name);
  const wanted = FILE_TYPES[type].extensions as readonly string[];
  if (wanted.includes(ext)) return name;
  const known = CONTENT_TYPES.some((t) => (FILE_TYPES[t].extensions as readonly string[]).includes(ext));
  const base = known ? name.slice(0, name.length - ext.length - 1) : name;
  return `${base}.${wanted[0]}`;
}

/** A file's own name ("Logo (final) é.PNG", "C:\\x\\a.png") made acceptable: "Logo -final- e.png". */
export function toObjectName(fileName: string, folder = ""): string {
  const last = fileName.split(/[\\/]/).pop() ?? "";
  let safe = last
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/-{2,}/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[ .-]+/, "");
  const dot = safe.lastIndexOf(".");
  if (dot > 0) safe = `${safe.slice(0, dot)}.${safe.slice(dot + 1).toLowerCase()}`;
  if (safe.length > MAX_SEGMENT_LENGTH) {
    const ext = dot > 0 ? safe.slice(dot) : "";
    safe = safe.slice(0, MAX_SEGMENT_LENGTH - ext.length).trimEnd() + ext;
  }
  if (!safe || safe.startsWith(".")) safe = `image${safe}`;
  const prefix = folder.trim().replace(/^\/+|\/+$/g, "");
  return prefix ? `${prefix}/${safe}` : safe;
}

/** A name as a URL path, each segment encoded ("a b/c.png" → "a%20b/c.png"). */
export const encodeName = (name: string) => name.split("/").map(encodeURIComponent).join("/");

/** Paths of the storage API (docs/requirements/blog-and-documents.md#graphics: object, object/sign, object/list, object/move, object/copy). */
export const storagePaths = {
  object: (bucket: string, name: string) => `/storage/v1/object/${bucket}/${encodeName(name)}`,
  public: (bucket: string, name: string) => `/storage/v1/object/public/${bucket}/${encodeName(name)}`,
  sign: (bucket: string, name: string) => `/storage/v1/object/sign/${bucket}/${encodeName(name)}`,
  thumbnail: (bucket: string, name: string) => `/storage/v1/render/image/public/${bucket}/${encodeName(name)}`,
  list: (bucket: string) => `/storage/v1/object/list/${bucket}`,
  move: "/storage/v1/object/move",
  copy: "/storage/v1/object/copy",
  buckets: "/storage/v1/bucket",
} as const;
