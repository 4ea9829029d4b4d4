/**
 * Graphics storage against the built server on a fresh embedded database: upload throughput
 * (50 PNGs of about 1 MB through the storage API, two at a time as the admin page sends them,
 * median of 3 rounds) and the time to list 1,000 objects (the list API with limit 1000, and the
 * /admin/graphics page showing 100 of them; medians of 7 requests after one warm-up).
 * Run alone: npx tsx scripts/bench/graphics.ts (after npm run build).
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

import { signInCookie, turnOnTwoFactor } from "../../tests/two-factor.ts";
import { installExitHandlers, log, median, round, startServer, TMP_ROOT, type Figure } from "./lib.ts";

const ADMIN = { email: "bench-admin@crossroadsit.example", password: "Copper-Kettle-Lantern-73" };
const UPLOADS = 50;
const ROUNDS = 3;
const LISTED = 1000;
const LIST_RUNS = 7;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/**
 * The admin account and 1,000 small objects, written before the server opens the folder. An
 * administrator must use two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in): it is
 * turned on as the setup page does, and the session that confirms it is the bench's (its cookie).
 */
async function seed(): Promise<string> {
  const [{ auth }, { createStaffUser }, { closeDatabase, database, initDatabase }, { storageObjects }, { prepareUpload }] =
    await Promise.all([
      import("../../app/auth/auth.server.ts"),
      import("../../app/auth/users.server.ts"),
      import("../../app/db/client.server.ts"),
      import("../../app/db/schema.server.ts"),
      import("../../app/storage/prepare.server.ts"),
    ]);
  await initDatabase({ dataDir: process.env.DATA_DIR! });
  const db = await database();
  const instance = await auth();
  await createStaffUser({ db, auth: instance }, { ...ADMIN, admin: true });
  const { cookie } = await turnOnTwoFactor(instance, await signInCookie(instance, ADMIN.email, ADMIN.password), ADMIN.password);
  const icon = await prepareUpload(
    "icon.png",
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1a3d6e" } })
      .png()
      .toBuffer(),
  );
  const rows = Array.from({ length: LISTED }, (_, i) => ({
    bucket: "graphics",
    name: `icons/icon-${String(i).padStart(4, "0")}.png`,
    contentType: icon.contentType,
    size: icon.data.byteLength,
    sha256: icon.sha256,
    data: icon.data,
    thumbnail: icon.thumbnail,
  }));
  for (let i = 0; i < rows.length; i += 250) await db.insert(storageObjects).values(rows.slice(i, i + 250));
  await closeDatabase();
  return cookie;
}

export async function measureGraphics(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-graphics-"));
  process.env.DATA_DIR = dataDir;
  process.env.BETTER_AUTH_SECRET ??= "bench-only-secret-0123456789abcdef0123456789";
  process.env.TRUST_PROXY = "0";
  try {
    log("graphics: seeding the admin account (with two-factor sign-in) and 1,000 objects");
    const cookie = await seed();
    const server = await startServer(60_000);
    try {
      const origin = server.url;
      const session = await fetch(`${origin}/api/session`, { headers: { cookie } });
      if (!session.ok || !(await session.text()).includes(ADMIN.email))
        throw new Error(`the seeded session is refused: HTTP ${session.status}`);

      // About 1 MB of PNG that does not compress away: noise.
      const photo = await sharp({
        create: { width: 600, height: 560, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
      })
        .png()
        .toBuffer();
      const mb = photo.byteLength / (1024 * 1024);
      log(`graphics: uploading ${UPLOADS} × ${mb.toFixed(2)} MB, ${ROUNDS} rounds`);
      const rates: number[] = [];
      const perSecond: number[] = [];
      for (let round_ = 0; round_ < ROUNDS; round_++) {
        const queue = Array.from({ length: UPLOADS }, (_, i) => `bench-${round_}/photo-${i}.png`);
        const { ms } = await timed(() =>
          Promise.all(
            [0, 1].map(async () => {
              for (let name = queue.shift(); name; name = queue.shift()) {
                const response = await fetch(`${origin}/storage/v1/object/graphics/${name}`, {
                  method: "POST",
                  headers: { cookie, origin },
                  body: photo,
                });
                if (response.status !== 200) throw new Error(`upload ${name}: HTTP ${response.status} ${await response.text()}`);
              }
            }),
          ),
        );
        rates.push((UPLOADS * mb) / (ms / 1000));
        perSecond.push(UPLOADS / (ms / 1000));
        log(`graphics: round ${round_ + 1}: ${Math.round(ms)} ms, ${rates.at(-1)!.toFixed(1)} MB/s`);
      }

      const list = async () => {
        const response = await fetch(`${origin}/storage/v1/object/list/graphics`, {
          method: "POST",
          headers: { cookie, origin, "content-type": "application/json" },
          body: JSON.stringify({ prefix: "icons/", limit: LISTED }),
        });
        const body = (await response.json()) as { items: unknown[] };
        if (body.items.length !== LISTED) throw new Error(`list answered ${body.items.length} items`);
      };
      const page = async () => {
        const response = await fetch(`${origin}/admin/graphics`, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`/admin/graphics: HTTP ${response.status}`);
        await response.text();
      };
      await list();
      await page();
      const listMs: number[] = [];
      const pageMs: number[] = [];
      for (let i = 0; i < LIST_RUNS; i++) {
        listMs.push((await timed(list)).ms);
        pageMs.push((await timed(page)).ms);
      }
      return [
        {
          figure: `graphics upload throughput (${UPLOADS} × ${mb.toFixed(1)} MB PNG, 2 at a time, median of ${ROUNDS})`,
          value: round(median(rates), 1),
          unit: "MB/s",
        },
        { figure: "graphics uploads per second (same run)", value: round(median(perSecond), 1), unit: "files/s" },
        {
          figure: `graphics list of ${LISTED.toLocaleString("en-US")} objects (API, median of ${LIST_RUNS})`,
          value: round(median(listMs), 1),
          unit: "ms",
        },
        {
          figure: `/admin/graphics page, first 100 of ${(LISTED + UPLOADS * ROUNDS).toLocaleString("en-US")} objects (median of ${LIST_RUNS})`,
          value: round(median(pageMs), 1),
          unit: "ms",
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  installExitHandlers();
  for (const f of await measureGraphics()) console.log(`${f.figure}: ${f.value} ${f.unit}`);
  process.exit(0);
}
