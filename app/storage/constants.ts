/**
 * The storage rules in one place (docs/requirements/blog-and-documents.md#graphics, ADR 007), shared by the server,
 * the admin page and the tests. Nothing here is server-only: the browser checks size and type
 * before uploading with the same numbers the server enforces.
 */

/** The bucket of the graphics manager. */
export const GRAPHICS_BUCKET = "graphics";

/** Every bucket the site has. Public: anyone may read its files at their public URL. */
export const BUCKETS = { [GRAPHICS_BUCKET]: { public: true } } as const satisfies Record<string, { public: boolean }>;
export type BucketName = keyof typeof BUCKETS;
export const isBucket = (value: string): value is BucketName => Object.hasOwn(BUCKETS, value);

/** 10 MB per file (10 × 1024 × 1024 bytes), checked in the browser and enforced on the server. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The no-JavaScript upload form posts several files in one body: at most this many. */
export const MAX_FILES_PER_FORM = 10;

/** docs/requirements/blog-and-documents.md#graphics: list limit 100, offset 0, sorted by name ascending. */
export const LIST_DEFAULTS = { limit: 100, offset: 0, sortBy: { column: "name", order: "asc" } } as const;
export const LIST_MAX_LIMIT = 1000;
export const SORT_COLUMNS = ["name", "created_at", "updated_at", "size"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** docs/requirements/blog-and-documents.md#graphics: served files may be cached for 3600 seconds. */
export const CACHE_MAX_AGE_SECONDS = 3600;

/** Signed URLs: the choices offered on the page, and the longest the API accepts. */
export const SIGNED_URL_EXPIRY_OPTIONS = [
  { seconds: 3600, label: "1 hour" },
  { seconds: 86_400, label: "1 day" },
  { seconds: 604_800, label: "7 days" },
] as const;
export const MAX_SIGNED_URL_SECONDS = 604_800;

/** Thumbnails: WebP, at most this many pixels on the longer side. */
export const THUMBNAIL_MAX_PX = 320;
/** Images with more pixels than this are refused (a small file can decode to a huge bitmap). */
export const MAX_IMAGE_PIXELS = 60_000_000;

/** The accepted types, by content (never by name), with the extension a stored name ends in. */
export const FILE_TYPES = {
  "image/png": { label: "PNG", extensions: ["png"] },
  "image/jpeg": { label: "JPEG", extensions: ["jpg", "jpeg"] },
  "image/webp": { label: "WebP", extensions: ["webp"] },
  "image/gif": { label: "GIF", extensions: ["gif"] },
  "image/avif": { label: "AVIF", extensions: ["avif"] },
  "image/svg+xml": { label: "SVG", extensions: ["svg"] },
} as const;
export type ContentType = keyof typeof FILE_TYPES;
export const CONTENT_TYPES = Object.keys(FILE_TYPES) as ContentType[];
export const ACCEPT_ATTRIBUTE = [...CONTENT_TYPES, ...CONTENT_TYPES.flatMap((t) => FILE_TYPES[t].extensions.map((e) => `.${e}`))].join(",");

/** Error codes of the storage interface and API, with the message an administrator sees. */
export const STORAGE_ERRORS = {
  not_found: { status: 404, message: "That file does not exist (it may have been moved or deleted)." },
  bucket_not_found: { status: 404, message: "That bucket does not exist." },
  already_exists: {
    status: 409,
    message: "A file with that name already exists. Choose another name, or tick “Replace files with the same name”.",
  },
  invalid_name: {
    status: 400,
    message:
      "Names may use letters, digits, spaces, dots, hyphens and underscores, with “/” between folders; no “..”, at most 255 characters.",
  },
  unsupported_type: {
    status: 415,
    message: "Only PNG, JPEG, WebP, GIF, AVIF and SVG images can be uploaded (checked from the file’s content).",
  },
  too_large: { status: 413, message: "Files can be at most 10 MB." },
  invalid_request: { status: 400, message: "That request is not valid." },
} as const satisfies Record<string, { status: number; message: string }>;
export type StorageErrorCode = keyof typeof STORAGE_ERRORS;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}
