/**
 * Backup and restore of the embedded database (docs/deploy.md#backups):
 *   npm run db:backup -- --out FILE        the data folder (DATA_DIR) into one .tar.gz file
 *   npm run db:restore -- FILE [--force]   a backup into DATA_DIR, which must be empty (or --force)
 *
 * The backup is the whole data folder: the PGlite database (leads, accounts, documents, graphics:
 * everything lives in the database, ADR 007) and the generated auth secret (`auth-secret`, which
 * signs sessions and encrypts the two-factor secrets: without it no administrator could sign in).
 * It is a copy of a stopped database: the server holds the folder's lock while it runs (ADR 004),
 * and both commands take that lock first, so they stop with "Stop the server first" instead of
 * copying files that are being written, and no server can start while they work.
 *
 * With DATABASE_URL (PostgreSQL) they refuse and point to pg_dump/pg_restore (docs/deploy.md).
 */
import { once } from "node:events";
import {
  chmodSync,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";

import { DataFolderInUseError, lockDataFolder, secureDataFolder } from "../app/db/client.server";
import { parseEnvOrExit } from "../app/env.server";
import { readTarGz, tarEnd, tarHeader, tarPadding } from "./lib/tar";

const MANIFEST = "crossroads-backup.json";
const FORMAT = 1;
/** Never copied: the running server's lock. */
const SKIPPED = new Set(["server.lock"]);

class UsageError extends Error {}

function lock(dataDir: string): () => void {
  try {
    return lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      const pid = Number.parseInt(readFileSync(path.join(dataDir, "server.lock"), "utf8"), 10);
      throw new UsageError(
        `Stop the server first: process ${pid} has the data folder ${dataDir} open. A backup or restore works on a ` +
          `stopped embedded database (systemctl stop crossroads, or end npm start), then start it again.`,
      );
    }
    throw error;
  }
}

/** Every file and folder under `root`, relative, folders before what they hold. */
function walk(root: string, dir = ""): { name: string; type: "file" | "directory" }[] {
  const out: { name: string; type: "file" | "directory" }[] = [];
  for (const entry of readdirSync(path.join(root, dir)).sort()) {
    const name = dir ? `${dir}/${entry}` : entry;
    if (!dir && SKIPPED.has(entry)) continue;
    const stat = lstatSync(path.join(root, name));
    if (stat.isDirectory()) out.push({ name, type: "directory" }, ...walk(root, name));
    else if (stat.isFile()) out.push({ name, type: "file" });
    // Nothing else belongs in the folder (the server makes no links or sockets there).
  }
  return out;
}

async function backup(dataDir: string, out: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION")))
    throw new UsageError(`No embedded database in ${dataDir} (set DATA_DIR to the server's data folder).`);
  const release = lock(dataDir);
  const partial = `${out}.partial`;
  try {
    const gzip = createGzip();
    const file = createWriteStream(partial, { mode: 0o600 });
    const piped = gzip.pipe(file);
    const write = async (chunk: Buffer) => {
      if (!gzip.write(chunk)) await once(gzip, "drain");
    };
    const entries = walk(dataDir);
    const manifest = Buffer.from(
      JSON.stringify({ format: FORMAT, kind: "pglite-data-folder", created: new Date().toISOString(), files: entries.length }, null, 2) +
        "\n",
    );
    await write(tarHeader({ name: MANIFEST, type: "file", size: manifest.length, mode: 0o600, mtime: new Date() }));
    await write(manifest);
    await write(tarPadding(manifest.length));
    let files = 0;
    let bytes = 0;
    for (const entry of entries) {
      const full = path.join(dataDir, entry.name);
      const stat = lstatSync(full);
      if (entry.type === "directory") {
        await write(tarHeader({ name: entry.name, type: "directory", size: 0, mode: 0o700, mtime: stat.mtime }));
        continue;
      }
      const data = readFileSync(full);
      await write(tarHeader({ name: entry.name, type: "file", size: data.length, mode: 0o600, mtime: stat.mtime }));
      await write(data);
      await write(tarPadding(data.length));
      files++;
      bytes += data.length;
    }
    await write(tarEnd());
    gzip.end();
    await once(piped, "close");
    renameSync(partial, out);
    return { files, bytes };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    release();
  }
}

async function restore(file: string, dataDir: string, force: boolean): Promise<{ files: number }> {
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const present = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => !SKIPPED.has(name) && !name.startsWith(".restoring-")) : [];
  if (present.length && !force)
    throw new UsageError(
      `The data folder ${dataDir} is not empty (${present.slice(0, 3).join(", ")}${present.length > 3 ? ", ..." : ""}). ` +
        `Restore into an empty folder (DATA_DIR=/new/folder npm run db:restore -- ${file}), or add --force to replace what it holds.`,
    );
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = lock(dataDir);
  // Unpacked into a folder of its own first (inside, so the final moves stay on one file system):
  // a damaged backup leaves the data folder as it was.
  const stagingName = `.restoring-${process.pid}`;
  const staging = path.join(dataDir, stagingName);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  try {
    let files = 0;
    let manifest: { format?: number; kind?: string } | undefined;
    for await (const entry of readTarGz(file)) {
      if (!manifest) {
        if (entry.name !== MANIFEST || entry.type !== "file") throw new UsageError(`${file} is not a backup made by npm run db:backup.`);
        manifest = JSON.parse(entry.data!.toString("utf8")) as { format?: number; kind?: string };
        if (manifest.format !== FORMAT || manifest.kind !== "pglite-data-folder")
          throw new UsageError(`${file} is a backup in a format this version does not know (${JSON.stringify(manifest.format)}).`);
        continue;
      }
      if (SKIPPED.has(entry.name)) continue;
      const target = path.join(staging, ...entry.name.split("/"));
      if (entry.type === "directory") mkdirSync(target, { recursive: true, mode: 0o700 });
      else {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, entry.data!, { mode: 0o600, flag: "wx" });
        files++;
      }
    }
    if (!manifest) throw new UsageError(`${file} is not a backup made by npm run db:backup.`);
    if (!existsSync(path.join(staging, "pglite", "PG_VERSION"))) throw new UsageError(`${file} holds no embedded database.`);
    // Swap in: what the folder held goes (only with --force), the backup's files take its place.
    for (const name of readdirSync(dataDir))
      if (!SKIPPED.has(name) && name !== stagingName) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    for (const name of readdirSync(staging)) renameSync(path.join(staging, name), path.join(dataDir, name));
    chmodSync(dataDir, 0o700);
    secureDataFolder(dataDir);
    return { files };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: "string" }, force: { type: "boolean", default: false } },
  });
  const env = parseEnvOrExit();
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    if (env.DATABASE_URL)
      throw new UsageError(
        "DATABASE_URL is set: these commands are for the embedded database. Back up PostgreSQL with pg_dump and " +
          "restore it with pg_restore (docs/deploy.md#backups).",
      );
    if (command === "backup") {
      if (!values.out || positionals.length) throw new UsageError("Usage: npm run db:backup -- --out FILE");
      const started = Date.now();
      const { files, bytes } = await backup(dataDir, path.resolve(values.out));
      console.log(`Backed up ${dataDir} (${files} files, ${(bytes / 1e6).toFixed(1)} MB) to ${values.out} in ${Date.now() - started} ms.`);
      return 0;
    }
    if (command === "restore") {
      if (positionals.length !== 1 || values.out) throw new UsageError("Usage: npm run db:restore -- FILE [--force]");
      const { files } = await restore(path.resolve(positionals[0]), dataDir, values.force);
      console.log(`Restored ${positionals[0]} into ${dataDir} (${files} files). Start the server with DATA_DIR=${dataDir}.`);
      return 0;
    }
    throw new UsageError("Usage: npm run db:backup -- --out FILE | npm run db:restore -- FILE [--force]");
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : `Failed: ${error instanceof Error ? error.message : error}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main();
