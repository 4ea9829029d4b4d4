/**
 * Backups (docs/deploy.md#backups) on both databases: an account, a lead, a document and a graphic
 * made through the app's own functions are all found again after a restore.
 *
 * - Embedded PGlite: `npm run db:backup` refuses while the data folder is open ("Stop the server
 *   first"), then copies it; `npm run db:restore` refuses a folder that is not empty and restores
 *   into an empty one, which the app then opens (with the same generated auth secret).
 * - PostgreSQL: the guide's `pg_dump --format=custom` of the database, `pg_restore --no-owner`
 *   into a new database, which the app then opens.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { createStaffUser } from "~/auth/users.server";
import { closeDatabase, initDatabase } from "~/db/client.server";
import { documents, leads, user } from "~/db/schema.server";
import { createDocument } from "~/docs/documents.server";
import { insertLead } from "~/leads/pipeline.server";
import { GRAPHICS_BUCKET } from "~/storage/constants";

import { PG_BIN_DIR } from "../../scripts/pg/test-server";
import { backends, loadContext, openFreshDatabase } from "./backends";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const EMAIL = "backed-up@crossroadsit.example";

interface Made {
  userId: string;
  leadId: string;
  documentId: string;
  graphic: Buffer;
}

/** One of each kind of data, through the app's own functions, on the open database. */
async function makeData(): Promise<Made> {
  const { services } = await loadContext();
  const { id: userId } = await createStaffUser(services, { email: EMAIL, password: "Correct-Horse-Battery-42" });
  const { id: leadId } = await insertLead(
    services.db,
    {
      full_name: "Dana Whitfield",
      email: "dana@whitfield-dental.example",
      company: "Whitfield Dental",
      message: "Backups!",
      form_type: "contact",
    },
    { notify: false },
  );
  const { id: documentId } = await createDocument(
    services.db,
    { title: "VPN setup", slug: "vpn-setup", collection: "mloe", body: "# Steps" },
    userId,
    {
      published: true,
    },
  );
  const graphic = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();
  await services.storage.upload(GRAPHICS_BUCKET, "backup/logo.png", graphic);
  return { userId, leadId, documentId, graphic };
}

/** Everything `makeData` made, read from the open database. */
async function expectData(made: Made) {
  const { services } = await loadContext();
  const db = services.db;
  expect((await db.select({ email: user.email }).from(user).where(eq(user.id, made.userId)))[0]?.email).toBe(EMAIL);
  expect((await db.select({ company: leads.company }).from(leads).where(eq(leads.id, made.leadId)))[0]?.company).toBe("Whitfield Dental");
  expect((await db.select({ slug: documents.slug }).from(documents).where(eq(documents.id, made.documentId)))[0]?.slug).toBe("vpn-setup");
  const { data } = await services.storage.download(GRAPHICS_BUCKET, "backup/logo.png");
  expect(Buffer.compare(data, made.graphic)).toBe(0);
  // The guide's outbox backlog query (docs/deploy.md#what-to-monitor) runs on the restored database.
  const backlog = await db.execute(sql.raw(OUTBOX_BACKLOG));
  expect(backlog.rows).toEqual([{ stuck: 0 }]);
}

/** As in docs/deploy.md#what-to-monitor. */
const OUTBOX_BACKLOG = `select count(*)::int as stuck from leads
  where notify_status = 'failed'
     or (notify_status = 'pending' and created_at < now() - interval '15 minutes')`;

/** `npm run db:backup` / `db:restore` (the same script), with DATA_DIR; its exit code and output. */
async function dbCommand(args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BETTER_AUTH_SECRET: "" };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", ...args], { cwd: ROOT, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

const postgres = backends()[1];

describe("embedded PGlite: npm run db:backup and db:restore", () => {
  const work = mkdtempSync(path.join(tmpdir(), "crossroads-backup-"));
  const source = path.join(work, "data");
  const restored = path.join(work, "restored");
  const file = path.join(work, "site.tar.gz");
  let made: Made;

  beforeAll(async () => {
    await closeDatabase();
    await initDatabase({ dataDir: source });
    made = await makeData();
    // The auth secret the server would have generated into the folder (encrypts two-factor secrets).
    writeFileSync(path.join(source, "auth-secret"), "generated-secret-0123456789abcdef0123456789", { mode: 0o600 });
  });

  afterAll(async () => {
    await closeDatabase();
    rmSync(work, { recursive: true, force: true });
  });

  it("refuses while a process has the data folder open, then backs up and restores into an empty folder only", async () => {
    // This process has the database open, as a running server would.
    const busy = await dbCommand(["backup", "--out", file], source);
    expect(busy.code).toBe(2);
    expect(busy.output).toContain(`Stop the server first: process ${process.pid} has the data folder`);
    await closeDatabase();

    const backup = await dbCommand(["backup", "--out", file], source);
    expect(backup.output).toMatch(/^Backed up .* to .*site\.tar\.gz/);
    expect(backup.code).toBe(0);

    const restore = await dbCommand(["restore", file], restored);
    expect(restore.output).toContain(`Restored ${file} into ${restored}`);
    expect(restore.code).toBe(0);
    const again = await dbCommand(["restore", file], restored);
    expect(again.code).toBe(2);
    expect(again.output).toContain(`The data folder ${restored} is not empty`);
    const notABackup = await dbCommand(["restore", path.join(ROOT, "package.json")], path.join(work, "other"));
    expect(notABackup.code).not.toBe(0);

    expect(readFileSync(path.join(restored, "auth-secret"), "utf8")).toBe("generated-secret-0123456789abcdef0123456789");
    await initDatabase({ dataDir: restored });
    await expectData(made);
  }, 120_000); // five commands, each a Node process with tsx, and a PGlite opened: slow on a busy machine
});

describe.skipIf(postgres.skip)("PostgreSQL: the guide's pg_dump and pg_restore", () => {
  const work = mkdtempSync(path.join(tmpdir(), "crossroads-pgdump-"));
  let closeFresh: () => Promise<void>;
  let made: Made;
  let restoredUrl = "";

  beforeAll(async () => {
    closeFresh = await openFreshDatabase(postgres, "pgdump");
    made = await makeData();
  });

  afterAll(async () => {
    await closeFresh();
    if (restoredUrl) {
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: inject("pgUrl") });
      await admin.connect();
      await admin.query("drop database if exists crossroads_restored");
      await admin.end();
    }
    rmSync(work, { recursive: true, force: true });
  });

  it("restores a custom-format dump into a new database that has every row and file", async () => {
    const url = inject("pgUrl");
    const dump = path.join(work, "crossroads.dump");
    // docs/deploy.md#backups, with DATABASE_URL=url and the new database's URL.
    await run(path.join(PG_BIN_DIR, "pg_dump"), ["--format=custom", `--file=${dump}`, url]);
    await closeDatabase();
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("drop database if exists crossroads_restored");
    await admin.query("create database crossroads_restored");
    await admin.end();
    restoredUrl = url.replace(/\/[^/]+$/, "/crossroads_restored");
    await run(path.join(PG_BIN_DIR, "pg_restore"), ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, dump]);

    await initDatabase({ databaseUrl: restoredUrl, dataDir: work });
    await expectData(made);
  }, 60_000);
});
