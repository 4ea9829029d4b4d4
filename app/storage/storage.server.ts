/**
 * The storage interface (ADR 007), named after the storage service's operations (object,
 * bucket, object/sign, object/list, object/move, object/copy), and its default implementation
 * over PostgreSQL (the storage_objects table), so every server process sees the same files and
 * one database backup holds everything. An S3-compatible backend implements the same interface;
 * uploads go through prepareUpload() first whatever the backend.
 */
import { and, asc, count, desc, eq, ilike, inArray, like, sql, type SQL } from "drizzle-orm";

import { authSecret } from "~/auth/auth.server";
import { database, type Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { containing, startingWith } from "~/db/like-pattern";
import { storageObjects } from "~/db/schema.server";
import { env } from "~/env.server";
import { hasControlCharacter } from "~/lib/control-characters";

import {
  BUCKETS,
  isBucket,
  LIST_DEFAULTS,
  LIST_MAX_LIMIT,
  MAX_SIGNED_URL_SECONDS,
  SORT_COLUMNS,
  type BucketName,
  type ContentType,
  type SortColumn,
} from "./constants";
import { StorageError } from "./errors";
import { storagePaths, withTypeExtension } from "./names";
import { checkName, prepareUpload } from "./prepare.server";
import { signingKey, signToken, verifyToken, type SignedCheck } from "./signing.server";

export interface ObjectInfo {
  bucket: string;
  name: string;
  contentType: ContentType;
  size: number;
  /** Hex SHA-256 of the content (the ETag). */
  sha256: string;
  hasThumbnail: boolean;
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ListOptions {
  /** Only names starting with this ("logos/"). */
  prefix?: string;
  /** Only names containing this, ignoring case. */
  search?: string;
  limit?: number;
  offset?: number;
  sortBy?: { column: SortColumn; order: "asc" | "desc" };
}

export interface ListResult {
  items: ObjectInfo[];
  /** How many objects match, over all pages. */
  total: number;
  limit: number;
  offset: number;
}

export interface SignedUrl {
  signedUrl: string;
  path: string;
  token: string;
  expiresAt: string;
}

export interface Storage {
  listBuckets(): { name: string; public: boolean }[];
  upload(bucket: string, name: string, bytes: Uint8Array, options?: { upsert?: boolean; ownerId?: string | null }): Promise<ObjectInfo>;
  info(bucket: string, name: string): Promise<ObjectInfo>;
  download(bucket: string, name: string): Promise<{ info: ObjectInfo; data: Buffer }>;
  /** The object's WebP thumbnail. */
  thumbnail(bucket: string, name: string): Promise<{ info: ObjectInfo; data: Buffer }>;
  list(bucket: string, options?: ListOptions): Promise<ListResult>;
  /** Rename or move; the target keeps the extension of the content type. */
  move(bucket: string, from: string, to: string): Promise<ObjectInfo>;
  copy(bucket: string, from: string, to: string): Promise<ObjectInfo>;
  /** Deletes the named objects; answers the names that existed. */
  remove(bucket: string, names: string[]): Promise<string[]>;
  createSignedUrl(bucket: string, name: string, expiresInSeconds: number): Promise<SignedUrl>;
  verifySignedUrl(bucket: string, name: string, token: string | null): SignedCheck;
  getPublicUrl(bucket: string, name: string): { publicUrl: string };
}

export interface StorageOptions {
  /** The secret signed URLs are derived from. */
  secret: string;
  /** Absolute origin of public and signed URLs (SITE_URL). */
  baseUrl: string;
  /** The clock of signed URLs (tests move it). */
  now?: () => number;
  /** Bytes of file content kept in memory for serving (default 64 MB; 0: none). */
  cacheBytes?: number;
}

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** A small least-recently-used cache of file contents, bounded by their total size. */
class ByteCache {
  private readonly entries = new Map<string, Buffer>();
  private size = 0;
  constructor(private readonly limit: number) {}
  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: Buffer): void {
    if (value.byteLength > this.limit / 4 || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.size += value.byteLength;
    for (const [oldest, bytes] of this.entries) {
      if (this.size <= this.limit) break;
      this.entries.delete(oldest);
      this.size -= bytes.byteLength;
    }
  }
}

const meta = {
  bucket: storageObjects.bucket,
  name: storageObjects.name,
  contentType: storageObjects.contentType,
  size: storageObjects.size,
  sha256: storageObjects.sha256,
  hasThumbnail: sql<boolean>`(${storageObjects.thumbnail} is not null)`,
  ownerId: storageObjects.ownerId,
  createdAt: storageObjects.createdAt,
  updatedAt: storageObjects.updatedAt,
};

type MetaRow = { [K in keyof typeof meta]: unknown };
const toInfo = (row: MetaRow): ObjectInfo => ({
  bucket: String(row.bucket),
  name: String(row.name),
  contentType: row.contentType as ContentType,
  size: Number(row.size),
  sha256: String(row.sha256),
  hasThumbnail: row.hasThumbnail === true || row.hasThumbnail === "t",
  ownerId: (row.ownerId as string | null) ?? null,
  createdAt: new Date(row.createdAt as string | Date).toISOString(),
  updatedAt: new Date(row.updatedAt as string | Date).toISOString(),
});

/**
 * A string from a request that goes into a query (a name, a search, a prefix): refused with
 * invalid_request when it holds a control character. No stored name has one, and PostgreSQL
 * refuses NUL in text outright (a server error, with the statement in the log, before this check).
 */
function checkText(field: string, value: string): string {
  if (typeof value !== "string") throw new StorageError("invalid_request", `${field}: text expected.`);
  if (hasControlCharacter(value))
    throw new StorageError("invalid_request", `${field}: contains a control character (such as NUL), which no file name has.`);
  return value;
}

function checkBucket(bucket: string): BucketName {
  if (!isBucket(bucket)) throw new StorageError("bucket_not_found");
  return bucket;
}

/** Names passed to list, search and prefix are free text; limits are clamped to the allowed range. */
function listOptions(options: ListOptions) {
  const limit = options.limit ?? LIST_DEFAULTS.limit;
  const offset = options.offset ?? LIST_DEFAULTS.offset;
  const sortBy = options.sortBy ?? LIST_DEFAULTS.sortBy;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT)
    throw new StorageError("invalid_request", `limit must be 1 to ${LIST_MAX_LIMIT}.`);
  if (!Number.isInteger(offset) || offset < 0) throw new StorageError("invalid_request", "offset must be 0 or more.");
  if (!SORT_COLUMNS.includes(sortBy.column) || !["asc", "desc"].includes(sortBy.order))
    throw new StorageError("invalid_request", "sortBy is not valid.");
  return { limit, offset, sortBy };
}

export function postgresStorage(db: Database, options: StorageOptions): Storage {
  const key = signingKey(options.secret);
  const now = options.now ?? Date.now;
  const origin = options.baseUrl.replace(/\/+$/, "");
  const cache = new ByteCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  const where = (bucket: string, name: string) => and(eq(storageObjects.bucket, bucket), eq(storageObjects.name, name));

  async function info(bucket: string, name: string, field = "name"): Promise<ObjectInfo> {
    checkBucket(bucket);
    checkText(field, name);
    const [row] = await db.select(meta).from(storageObjects).where(where(bucket, name)).limit(1);
    if (!row) throw new StorageError("not_found");
    return toInfo(row);
  }

  /**
   * An object's bytes: the metadata from the database every time (so a change made by another
   * process is seen at once), the bytes from this process's cache when their hash still matches.
   */
  async function content(bucket: string, name: string, column: "data" | "thumbnail") {
    const current = await info(bucket, name);
    const key = `${column}\n${bucket}\n${current.name}\n${current.sha256}`;
    let bytes = cache.get(key);
    if (!bytes) {
      const [row] = await db
        .select({ bytes: column === "data" ? storageObjects.data : storageObjects.thumbnail })
        .from(storageObjects)
        .where(and(where(bucket, name), eq(storageObjects.sha256, current.sha256)))
        .limit(1);
      if (!row?.bytes) throw new StorageError("not_found");
      bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
      cache.set(key, bytes);
    }
    return { info: current, data: bytes };
  }

  /** The target name of a move or copy: valid, with the content type's extension, not the source. */
  async function target(bucket: string, from: string, to: string) {
    const source = await info(bucket, from, "sourceKey");
    const name = checkName(withTypeExtension(checkName(to), source.contentType));
    return { source, name };
  }

  return {
    listBuckets: () => Object.entries(BUCKETS).map(([name, config]) => ({ name, public: config.public })),

    async upload(bucket, name, bytes, { upsert = false, ownerId = null } = {}) {
      checkBucket(bucket);
      const prepared = await prepareUpload(name, bytes);
      const values = {
        bucket,
        name: prepared.name,
        contentType: prepared.contentType,
        size: prepared.data.byteLength,
        sha256: prepared.sha256,
        data: prepared.data,
        thumbnail: prepared.thumbnail,
        ownerId,
      };
      const insert = db.insert(storageObjects).values(values);
      const rows = upsert
        ? await insert
            .onConflictDoUpdate({
              target: [storageObjects.bucket, storageObjects.name],
              set: { ...values, updatedAt: sql`now()` },
            })
            .returning(meta)
        : await insert.onConflictDoNothing({ target: [storageObjects.bucket, storageObjects.name] }).returning(meta);
      if (rows.length === 0)
        throw new StorageError(
          "already_exists",
          `A file named “${prepared.name}” already exists. Choose another name, or tick “Replace files with the same name”.`,
        );
      return toInfo(rows[0]);
    },

    info,
    download: (bucket, name) => content(bucket, name, "data"),
    thumbnail: (bucket, name) => content(bucket, name, "thumbnail"),

    async list(bucket, options = {}) {
      checkBucket(bucket);
      const { limit, offset, sortBy } = listOptions(options);
      if (options.prefix !== undefined) checkText("prefix", options.prefix);
      if (options.search !== undefined) checkText("search", options.search);
      const filters: SQL[] = [eq(storageObjects.bucket, bucket)];
      if (options.prefix) filters.push(like(storageObjects.name, startingWith(options.prefix)));
      if (options.search?.trim()) filters.push(ilike(storageObjects.name, containing(options.search.trim())));
      const condition = and(...filters);
      const dir = sortBy.order === "asc" ? asc : desc;
      // Byte order ("C" collation) after lower-casing: the same order on PGlite and every PostgreSQL locale.
      const lowerName = sql`lower(${storageObjects.name}) collate "C"`;
      const exactName = sql`${storageObjects.name} collate "C"`;
      const column = { created_at: storageObjects.createdAt, updated_at: storageObjects.updatedAt, size: storageObjects.size, name: null }[
        sortBy.column
      ];
      const order = column ? [dir(column), asc(lowerName), asc(exactName)] : [dir(lowerName), dir(exactName)];
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(meta)
          .from(storageObjects)
          .where(condition)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(storageObjects).where(condition),
      ]);
      return { items: rows.map(toInfo), total: Number(total), limit, offset };
    },

    async move(bucket, from, to) {
      const { source, name } = await target(bucket, from, to);
      if (name === source.name) return source;
      try {
        const rows = await db
          .update(storageObjects)
          .set({ name, updatedAt: sql`now()` })
          .where(where(bucket, from))
          .returning(meta);
        if (rows.length === 0) throw new StorageError("not_found");
        return toInfo(rows[0]);
      } catch (error) {
        if (isUniqueViolation(error)) throw new StorageError("already_exists", `A file named “${name}” already exists.`);
        throw error;
      }
    },

    async copy(bucket, from, to) {
      const { name } = await target(bucket, from, to);
      const result = await db.execute<{ name: string }>(sql`
        insert into ${storageObjects} (bucket, name, content_type, size, sha256, data, thumbnail, owner_id)
        select bucket, ${name}, content_type, size, sha256, data, thumbnail, owner_id
        from ${storageObjects} where bucket = ${bucket} and name = ${from}
        on conflict (bucket, name) do nothing
        returning name`);
      if (result.rows.length === 0) {
        // Either the target exists or the source went away in between.
        await info(bucket, from);
        throw new StorageError("already_exists", `A file named “${name}” already exists.`);
      }
      return info(bucket, name);
    },

    async remove(bucket, names) {
      checkBucket(bucket);
      if (!Array.isArray(names) || names.length === 0 || names.length > LIST_MAX_LIMIT)
        throw new StorageError("invalid_request", `Give 1 to ${LIST_MAX_LIMIT} names.`);
      names.forEach((name) => checkText("name", String(name)));
      const rows = await db
        .delete(storageObjects)
        .where(and(eq(storageObjects.bucket, bucket), inArray(storageObjects.name, names.map(String))))
        .returning({ name: storageObjects.name });
      return rows.map((r) => r.name);
    },

    async createSignedUrl(bucket, name, expiresInSeconds) {
      if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_SIGNED_URL_SECONDS) {
        throw new StorageError("invalid_request", `expiresIn must be 1 to ${MAX_SIGNED_URL_SECONDS} seconds.`);
      }
      await info(bucket, name);
      const expires = Math.floor(now() / 1000) + expiresInSeconds;
      const token = signToken(key, bucket, name, expires);
      const path = `${storagePaths.sign(bucket, name)}?token=${token}`;
      return { signedUrl: `${origin}${path}`, path, token, expiresAt: new Date(expires * 1000).toISOString() };
    },

    verifySignedUrl: (bucket, name, token) => verifyToken(key, bucket, name, token, now()),

    getPublicUrl(bucket, name) {
      checkBucket(bucket);
      return { publicUrl: `${origin}${storagePaths.public(bucket, name)}` };
    },
  };
}

const instances = new WeakMap<Database, Storage>();

/**
 * Scripts and tests: the storage on the database `initDatabase` opened. The server makes its own
 * once and passes it in the load context (context.services.storage).
 */
export async function storage(): Promise<Storage> {
  const db = await database();
  let instance = instances.get(db);
  if (!instance) {
    const config = env();
    instance = postgresStorage(db, { secret: authSecret(config), baseUrl: config.SITE_URL });
    instances.set(db, instance);
  }
  return instance;
}
