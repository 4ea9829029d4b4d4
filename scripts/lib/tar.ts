/**
 * The little of the tar format (POSIX ustar) the embedded database's backups need: regular files
 * and folders, written to and read from a gzip stream. Any tar reads the result
 * (`tar -tzf backup.tar.gz`). Reading refuses anything else: links, devices, absolute names and
 * names with `..`, so a backup file cannot write outside the folder it is restored into.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";

const BLOCK = 512;

export interface TarEntry {
  /** A relative path with `/` separators; folders end without a slash. */
  name: string;
  type: "file" | "directory";
  /** For files. */
  data?: Buffer;
  mode: number;
  mtime: Date;
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, "0") + "\0";
}

/** The 512-byte header of one entry. */
export function tarHeader(entry: { name: string; type: "file" | "directory"; size: number; mode: number; mtime: Date }): Buffer {
  const header = Buffer.alloc(BLOCK);
  let name = entry.name + (entry.type === "directory" ? "/" : "");
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    // ustar keeps up to 155 bytes of folders in `prefix` and the rest (100 bytes) in `name`.
    let split = -1;
    for (let i = name.lastIndexOf("/", name.length - 2); i > 0; i = name.lastIndexOf("/", i - 1)) {
      if (Buffer.byteLength(name.slice(i + 1)) <= 100 && Buffer.byteLength(name.slice(0, i)) <= 155) {
        split = i;
        break;
      }
    }
    if (split === -1) throw new Error(`A name too long for a tar header: ${entry.name}`);
    prefix = name.slice(0, split);
    name = name.slice(split + 1);
  }
  header.write(name, 0, 100, "utf8");
  header.write(octal(entry.mode & 0o7777, 8), 100, "ascii");
  header.write(octal(0, 8), 108, "ascii");
  header.write(octal(0, 8), 116, "ascii");
  header.write(octal(entry.type === "file" ? entry.size : 0, 12), 124, "ascii");
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, "ascii");
  header.write("        ", 148, "ascii");
  header.write(entry.type === "file" ? "0" : "5", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + " ", 148, "ascii");
  return header;
}

/** The zero bytes after `size` bytes of data, up to the next block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The two empty blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

const cString = (buffer: Buffer, start: number, length: number) => {
  const slice = buffer.subarray(start, start + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString("utf8");
};

/** A name from an archive, made safe: relative, `/`-separated, no `.` or `..` segment. */
export function safeEntryName(raw: string): string {
  const name = raw.replace(/\/+$/, "");
  const segments = name.split("/");
  if (
    !name ||
    name.startsWith("/") ||
    name.includes("\\") ||
    name.includes("\0") ||
    segments.some((s) => s === "" || s === "." || s === "..")
  )
    throw new Error(`The archive holds an unsafe name: ${JSON.stringify(raw)}`);
  return name;
}

/** Reads the entries of a .tar.gz file one at a time (a file's data is held while it is handled). */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  let buffered: Buffer = Buffer.alloc(0);
  let pending: { header: Omit<TarEntry, "data">; size: number } | undefined;
  let ended = false;
  for await (const chunk of createReadStream(file).pipe(createGunzip())) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (ended) break;
      if (pending) {
        const padded = pending.size + tarPadding(pending.size).length;
        if (buffered.length < padded) break;
        const data = Buffer.from(buffered.subarray(0, pending.size));
        buffered = buffered.subarray(padded);
        const entry = { ...pending.header, data };
        pending = undefined;
        yield entry;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const header = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (header.every((b) => b === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
      if (Number.parseInt(cString(header, 148, 8).trim(), 8) !== sum)
        throw new Error("The archive is damaged (a header's checksum does not match).");
      const prefix = cString(header, 345, 155);
      const raw = (prefix ? `${prefix}/` : "") + cString(header, 0, 100);
      const type = String.fromCharCode(header[156]);
      const mode = Number.parseInt(cString(header, 100, 8), 8) || 0o600;
      const mtime = new Date((Number.parseInt(cString(header, 136, 12), 8) || 0) * 1000);
      if (type === "5") {
        yield { name: safeEntryName(raw), type: "directory", mode, mtime };
        continue;
      }
      if (type !== "0" && type !== "\0")
        throw new Error(`The archive holds an entry that is not a file or a folder: ${JSON.stringify(raw)}`);
      const size = Number.parseInt(cString(header, 124, 12), 8);
      if (!Number.isInteger(size) || size < 0) throw new Error("The archive is damaged (a size is not a number).");
      pending = { header: { name: safeEntryName(raw), type: "file", mode, mtime }, size };
    }
  }
  if (!ended || pending) throw new Error("The archive is incomplete (it ends before its last entry).");
}
