/**
 * The audit log's CSV export streams at the client's pace, on both databases (ADR 018,
 * docs/requirements/operations.md#request-limits): the route's answer written by the server's body writer
 * (server/write-body.ts) to a real socket. A client that stops reading stops the export's batches
 * after the few the socket's buffers take; once it reads again it gets every entry, and no chunk
 * that has gone out stays in memory; a client that goes away stops them for good.
 */
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createStaffUser } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema.server";
import { loader } from "~/routes/admin/audit-csv";

import { writeBody } from "../../server/write-body";
import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, loadContext, openFreshDatabase } from "./backends";

const PASSWORD = "Copper-Kettle-Lantern-73";
const ENTRIES = 40_000;
/** The route's batch (auditForExport's default). */
const BATCH = 500;
const BATCHES = ENTRIES / BATCH;
/** Each entry about 2 KB of CSV (a user agent of 64 x 32 characters): a batch is about 1 MB, the export about
 * 90 MB: a writer that keeps what it sent grows by most of that, far above what one or two batches in
 * flight hold at a look (their rows, PGlite's result buffers and the CSV chunk: up to 13 MB seen on a
 * busy machine). */
const USER_AGENT_REPEATS = 64;
/** Memory outside V8's heap (the chunks' ArrayBuffers) after a full collection, in MB. */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const arrayBuffersMb = () => {
  gc();
  return process.memoryUsage().arrayBuffers / 1048576;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The database, counting the queries that read audit_log through the query builder (the export's batches). */
function counting(db: Database): { db: Database; batches: () => number } {
  let batches = 0;
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key !== "select") return value.bind(target);
      return (...args: unknown[]) => {
        const builder = value.apply(target, args) as { from: (table: unknown, ...rest: unknown[]) => unknown };
        const from = builder.from.bind(builder);
        builder.from = (table: unknown, ...rest: unknown[]) => {
          if (table === auditLog) batches++;
          return from(table, ...rest);
        };
        return builder;
      };
    },
  });
  return { db: proxy, batches: () => batches };
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`the audit export to a slow client on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let cookie = "";
    /** The entries: those inserted and those the administrator's sign-in wrote. */
    let total = 0;
    let server: Server | undefined;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "export-stream");
      const { services } = await loadContext();
      await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true });
      const instance = services.auth;
      cookie = (await turnOnTwoFactor(instance, await signInCookie(instance, "boss@crossroadsit.example", PASSWORD), PASSWORD)).cookie;
      await services.db.execute(sql`
        insert into audit_log (at, event, outcome, actor_email, ip_address, user_agent)
        select now() - i * interval '1 second', 'sign-in', 'success', 'person' || i || '@example.net', '198.51.100.7',
          'Mozilla/5.0 ' || repeat(md5(i::text), ${USER_AGENT_REPEATS})
        from generate_series(1, ${ENTRIES}) i`);
      total = await services.db.$count(auditLog);
    }, 120_000);

    afterEach(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    });

    afterAll(async () => {
      await closeFresh();
    });

    /** Serves /admin/audit.csv as the server does (the route's loader, then writeBody); resolves its port and batch count. */
    async function serve(): Promise<{ port: number; batches: () => number; written: Promise<void> }> {
      const context = await loadContext();
      const counted = counting(context.services.db);
      let done: () => void = () => {};
      const written = new Promise<void>((resolve) => (done = resolve));
      server = createServer((_req, res) => {
        void (async () => {
          const response = (await loader({
            request: new Request("https://www.crossroadsit.example/admin/audit.csv", { headers: { cookie } }),
            params: {},
            context: { ...context, services: { ...context.services, db: counted.db } },
          } as never)) as Response;
          res.writeHead(response.status, Object.fromEntries(response.headers));
          await writeBody(response.body!, res);
        })()
          .catch(() => {})
          .finally(done);
      });
      server.listen(0, "127.0.0.1");
      await new Promise((resolve) => server!.once("listening", resolve));
      return { port: (server.address() as AddressInfo).port, batches: counted.batches, written };
    }

    function download(port: number): Promise<IncomingMessage> {
      return new Promise((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/admin/audit.csv" }, (res) => {
          res.pause();
          resolve(res);
        });
        req.on("error", reject);
        req.end();
      });
    }

    /** Waits until the batch count has not moved for `quietMs`; answers it. */
    async function settled(batches: () => number, quietMs = 400): Promise<number> {
      let last = -1;
      while (batches() !== last) {
        last = batches();
        await sleep(quietMs);
      }
      return last;
    }

    it("pauses while the client does not read, then sends every entry once it does, keeping none it sent", async () => {
      const { port, batches } = await serve();
      const res = await download(port);
      expect(res.statusCode).toBe(200);
      // The client reads nothing: the export stops after what the socket's buffers take (a few MB).
      const whilePaused = await settled(batches);
      expect(whilePaused).toBeGreaterThanOrEqual(1);
      expect(whilePaused).toBeLessThanOrEqual(BATCHES / 3);
      // It reads again: the rest comes, every entry once, and what has gone out is not kept.
      let lines = 0;
      const ids = new Set<string>();
      let tail = "";
      let received = 0;
      let nextLook = 0;
      const before = arrayBuffersMb();
      let most = before;
      await new Promise<void>((resolve, reject) => {
        res.setEncoding("utf8");
        res.on("data", (text: string) => {
          received += text.length;
          if (received >= nextLook) {
            most = Math.max(most, arrayBuffersMb());
            nextLook += 4 * 1048576;
          }
          const parts = (tail + text).split("\r\n");
          tail = parts.pop()!;
          for (const line of parts) {
            lines++;
            ids.add(line.slice(line.lastIndexOf(",") + 1));
          }
        });
        res.on("end", resolve);
        res.on("error", reject);
        res.resume();
      });
      expect(tail).toBe("");
      // @react-router/node's writer kept every chunk to the response's end: 23-35 MB more by the
      // last look of a 45 MB export; now nothing that has gone out (0-2 MB here, 13 MB once on a
      // busy machine, which is batches in flight, not what was sent).
      expect(most - before).toBeLessThan(20);
      expect(lines).toBe(total + 1); // the header, then every entry
      expect(ids.size).toBe(total + 1);
      expect(batches()).toBe(Math.floor(total / BATCH) + 1); // a short (or empty) batch ends the export
    }, 120_000);

    it("stops reading the database when the client goes away", async () => {
      const { port, batches, written } = await serve();
      const res = await download(port);
      const whilePaused = await settled(batches);
      res.destroy(); // the administrator closed the tab
      await written;
      await sleep(500);
      expect(batches()).toBeLessThanOrEqual(whilePaused + 1);
      expect(batches()).toBeLessThanOrEqual(BATCHES / 3);
    }, 60_000);
  });
}
