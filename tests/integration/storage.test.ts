/**
 * The graphics storage interface and its HTTP routes on both databases the product supports:
 * the embedded PGlite and PostgreSQL 15. Every refusal is checked to leave nothing stored.
 */
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createStaffUser } from "~/auth/users.server";
import { storageObjects } from "~/db/schema.server";
import { env } from "~/env.server";
import { log as appLog } from "~/lib/log.server";
import * as objectRoute from "~/routes/storage/object";
import * as listRoute from "~/routes/storage/object-list";
import * as publicRoute from "~/routes/storage/object-public";
import * as signRoute from "~/routes/storage/object-sign";
import * as transferRoute from "~/routes/storage/object-transfer";
import * as renderRoute from "~/routes/storage/render-image";
import { GRAPHICS_BUCKET as B, MAX_FILE_BYTES } from "~/storage/constants";
import { StorageError } from "~/storage/errors";
import { postgresStorage, type Storage } from "~/storage/storage.server";

import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { backends, loadContext, openFreshDatabase } from "./backends";

const ORIGIN = "https://www.crossroadsit.example";
const PASSWORD = "Correct-Horse-Battery-42";

const png = (width = 40, height = 30, color = "#c2410c") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e: unknown) => (e instanceof StorageError ? e.code : `unexpected: ${e instanceof Error ? e.message : String(e)}`),
  );

/** Calls a route's loader or action as React Router would, with only what these routes read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = async (fn: (args: any) => unknown, request: Request, params: Record<string, string>) =>
  (await fn({ request, params, context: await loadContext(request) })) as Response;
const objectUrl = (name: string) => `${ORIGIN}/storage/v1/object/${B}/${name}`;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`graphics storage on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let store: Storage;
    let clock = Date.parse("2026-06-01T12:00:00Z");
    let adminCookie = "";
    let staffCookie = "";
    let services: AppLoadContext["services"];
    const rows = async () => (await services.db.select({ name: storageObjects.name }).from(storageObjects)).length;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "storage");
      ({ services } = await loadContext());
      store = postgresStorage(services.db, { secret: env().BETTER_AUTH_SECRET!, baseUrl: ORIGIN, now: () => clock });
      await createStaffUser(services, { email: "boss@crossroadsit.example", password: PASSWORD, admin: true });
      await createStaffUser(services, { email: "tech@crossroadsit.example", password: PASSWORD });
      // Administrators need two-factor sign-in for the storage API (docs/requirements/accounts.md#two-factor-sign-in).
      const bossCookie = await signInCookie(services.auth, "boss@crossroadsit.example", PASSWORD);
      adminCookie = (await turnOnTwoFactor(services.auth, bossCookie, PASSWORD)).cookie;
      staffCookie = await signInCookie(services.auth, "tech@crossroadsit.example", PASSWORD);
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("uploads an image with its type from the content, a hash and a thumbnail", async () => {
      const bytes = await png(800, 400);
      const info = await store.upload(B, "brand/hero banner.jpg", bytes);
      // A PNG named .jpg is stored as .png: the type comes from the content, and the name follows it.
      expect(info).toMatchObject({
        bucket: B,
        name: "brand/hero banner.png",
        contentType: "image/png",
        size: bytes.length,
        hasThumbnail: true,
      });
      const { data } = await store.download(B, info.name);
      expect(Buffer.compare(data, bytes)).toBe(0);
      const thumb = await sharp((await store.thumbnail(B, info.name)).data).metadata();
      expect(thumb).toMatchObject({ format: "webp", width: 320, height: 160 });
      // Same name again: refused unless replacing.
      expect(await codeOf(store.upload(B, "brand/hero banner.png", await png()))).toBe("already_exists");
      const replaced = await store.upload(B, "brand/hero banner.png", await png(10, 10), { upsert: true });
      expect(replaced.sha256).not.toBe(info.sha256);
      expect(await rows()).toBe(1);
    });

    it("lists with the required defaults (100, offset 0, by name ascending), pages, searches and filters by folder", async () => {
      const small = await png(4, 4);
      // 120 more, uploaded out of order, mixed case.
      const names = Array.from(
        { length: 120 },
        (_, i) => `${i % 3 === 0 ? "Icons" : "icons"}/icon-${String(119 - i).padStart(3, "0")}.png`,
      );
      for (const name of names) await store.upload(B, name, small);
      const page1 = await store.list(B);
      expect(page1).toMatchObject({ total: 121, limit: 100, offset: 0 });
      expect(page1.items).toHaveLength(100);
      const all = [...page1.items, ...(await store.list(B, { offset: 100 })).items].map((i) => i.name);
      expect(all).toHaveLength(121);
      expect(new Set(all).size).toBe(121);
      // Ignoring case, in byte order (the same on every database locale).
      const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const expected = [...all].sort((a, b) => byteOrder(a.toLowerCase(), b.toLowerCase()) || byteOrder(a, b));
      expect(all).toEqual(expected);
      expect(all[0]).toBe("brand/hero banner.png");
      expect((await store.list(B, { offset: 100 })).items).toHaveLength(21);
      const search = await store.list(B, { search: "ICON-00" });
      expect(search.total).toBe(10);
      expect(search.items.map((i) => i.name.slice(-12))).toEqual(Array.from({ length: 10 }, (_, i) => `icon-00${i}.png`));
      // LIKE wildcards in a search are plain text.
      expect((await store.list(B, { search: "%" })).total).toBe(0);
      expect((await store.list(B, { prefix: "brand/" })).total).toBe(1);
      const bySize = await store.list(B, { sortBy: { column: "size", order: "desc" }, limit: 1 });
      expect(bySize.items[0].name).toBe("brand/hero banner.png");
      expect(await codeOf(store.list(B, { limit: 0 }))).toBe("invalid_request");
      expect(await codeOf(store.list("elsewhere"))).toBe("bucket_not_found");
    });

    it("renames and moves, keeping the extension of the content; refuses taken, missing and bad targets", async () => {
      const moved = await store.move(B, "icons/icon-001.png", "archive/old icon");
      expect(moved.name).toBe("archive/old icon.png");
      expect(await codeOf(store.info(B, "icons/icon-001.png"))).toBe("not_found");
      expect(await codeOf(store.move(B, "archive/old icon.png", "icons/icon-003.png"))).toBe("already_exists");
      expect(await codeOf(store.move(B, "no/such.png", "x.png"))).toBe("not_found");
      for (const target of ["../escape.png", "a//b.png", "bad\u0001.png", "/root.png", "a\\b.png"]) {
        expect(await codeOf(store.move(B, "archive/old icon.png", target)), target).toBe("invalid_name");
      }
      expect((await store.info(B, "archive/old icon.png")).name).toBe("archive/old icon.png");
    });

    it("copies an object under a new name; the copy is independent", async () => {
      const before = await rows();
      const copy = await store.copy(B, "archive/old icon.png", "archive/copy of icon.webp");
      expect(copy.name).toBe("archive/copy of icon.png");
      expect(await rows()).toBe(before + 1);
      const [a, b] = await Promise.all([store.download(B, "archive/old icon.png"), store.download(B, copy.name)]);
      expect(Buffer.compare(a.data, b.data)).toBe(0);
      expect(await codeOf(store.copy(B, "archive/old icon.png", copy.name))).toBe("already_exists");
      expect(await codeOf(store.copy(B, "missing.png", "other.png"))).toBe("not_found");
      await store.remove(B, ["archive/old icon.png"]);
      expect((await store.info(B, copy.name)).size).toBe(a.info.size);
    });

    it("deletes objects and answers which existed", async () => {
      const before = await rows();
      expect(await store.remove(B, ["archive/copy of icon.png", "never/there.png"])).toEqual(["archive/copy of icon.png"]);
      expect(await rows()).toBe(before - 1);
      expect(await codeOf(store.remove(B, []))).toBe("invalid_request");
    });

    it("signs URLs that work until they expire, for that object only; public URLs are plain", async () => {
      const signed = await store.createSignedUrl(B, "brand/hero banner.png", 3600);
      expect(signed.signedUrl).toBe(`${ORIGIN}${signed.path}`);
      expect(signed.path).toMatch(/^\/storage\/v1\/object\/sign\/graphics\/brand\/hero%20banner\.png\?token=\d+\.[\w-]{43}$/);
      expect(store.verifySignedUrl(B, "brand/hero banner.png", signed.token)).toMatchObject({ ok: true });
      clock += 3599_000;
      expect(store.verifySignedUrl(B, "brand/hero banner.png", signed.token).ok).toBe(true);
      clock += 1_000;
      expect(store.verifySignedUrl(B, "brand/hero banner.png", signed.token)).toEqual({ ok: false, reason: "expired" });
      expect(store.verifySignedUrl(B, "icons/icon-002.png", signed.token)).toMatchObject({ ok: false, reason: "invalid" });
      expect(await codeOf(store.createSignedUrl(B, "missing.png", 60))).toBe("not_found");
      expect(await codeOf(store.createSignedUrl(B, "brand/hero banner.png", 8 * 86_400))).toBe("invalid_request");
      expect(store.getPublicUrl(B, "brand/hero banner.png").publicUrl).toBe(
        `${ORIGIN}/storage/v1/object/public/graphics/brand/hero%20banner.png`,
      );
    });

    it("refuses bad input and stores nothing of it", async () => {
      const before = await rows();
      const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(2048, 0x41)]);
      const refusals: [string, Uint8Array, string][] = [
        ["renamed.png", exe, "unsupported_type"],
        ["elf.gif", Buffer.from("\x7fELF\x02\x01\x01\x00\x00\x00", "latin1"), "unsupported_type"],
        ["page.svg", Buffer.from("<!doctype html><html><script>alert(1)</script></html>"), "unsupported_type"],
        [
          "only-script.svg",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
          "unsupported_type",
        ],
        ["truncated.png", (await png(200, 200)).subarray(0, 60), "unsupported_type"],
        ["big.png", Buffer.concat([await png(), Buffer.alloc(12_000_000)]), "too_large"],
        ["../escape.png", await png(), "invalid_name"],
        ["ctrl\u0007.png", await png(), "invalid_name"],
        ["back\\slash.png", await png(), "invalid_name"],
        ["", await png(), "invalid_name"],
      ];
      for (const [name, bytes, code] of refusals) expect(await codeOf(store.upload(B, name, bytes)), name).toBe(code);
      expect(await codeOf(store.upload("private-stuff", "a.png", await png()))).toBe("bucket_not_found");
      expect(await rows()).toBe(before);
    });

    it("keeps a sanitised SVG: no script, handlers or javascript: links, the drawing intact", async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 20 10" onload="alert(1)">
        <script>alert(2)</script><rect width="20" height="10" fill="#0b1f3a" onmouseover="alert(3)"/>
        <a xlink:href="javascript:alert(4)"><circle cx="5" cy="5" r="4" fill="#fb923c"/></a></svg>`;
      const info = await store.upload(B, "brand/mark.svg", Buffer.from(svg));
      expect(info.contentType).toBe("image/svg+xml");
      const stored = (await store.download(B, info.name)).data.toString("utf8");
      for (const gone of ["script", "onload", "onmouseover", "javascript:"]) expect(stored).not.toContain(gone);
      expect(stored).toContain('<circle cx="5" cy="5" r="4" fill="#fb923c"/>');
      expect((await sharp((await store.thumbnail(B, info.name)).data).metadata()).format).toBe("webp");
    });

    describe("over HTTP", () => {
      const upload = (name: string, body: BodyInit, cookie = adminCookie, headers: Record<string, string> = {}) =>
        call(
          objectRoute.action,
          new Request(objectUrl(name), {
            method: "POST",
            headers: { cookie, origin: ORIGIN, ...headers },
            body,
            duplex: "half",
          } as RequestInit),
          {
            bucket: B,
            "*": name,
          },
        );

      it("refuses every admin call without a session (Auth session missing!) and without the role (403)", async () => {
        const asAnon = await upload("x.png", await png(), "");
        expect(asAnon.status).toBe(401);
        expect(await asAnon.json()).toEqual({ code: "session_not_found", message: "Auth session missing!" });
        expect((await upload("x.png", await png(), staffCookie)).status).toBe(403);
        const list = (cookie: string) =>
          call(
            listRoute.action,
            new Request(`${ORIGIN}/storage/v1/object/list/${B}`, {
              method: "POST",
              headers: { cookie, "content-type": "application/json" },
              body: "{}",
            }),
            { bucket: B },
          );
        expect((await list("")).status).toBe(401);
        expect((await list(staffCookie)).status).toBe(403);
        const sign = (cookie: string) =>
          call(
            signRoute.action,
            new Request(`${ORIGIN}/storage/v1/object/sign/${B}/brand/mark.svg`, {
              method: "POST",
              headers: { cookie },
              body: '{"expiresIn":60}',
            }),
            {
              bucket: B,
              "*": "brand/mark.svg",
            },
          );
        expect((await sign("")).status).toBe(401);
        expect((await sign(staffCookie)).status).toBe(403);
        const download = await call(objectRoute.loader, new Request(objectUrl("brand/mark.svg"), { headers: { cookie: staffCookie } }), {
          bucket: B,
          "*": "brand/mark.svg",
        });
        expect(download.status).toBe(403);
        expect((await store.list(B, { search: "x.png" })).total).toBe(0);
      });

      it("uploads a raw body and answers the stored object; lists with the defaults", async () => {
        const response = await upload("api/logo", await png(64, 64));
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({
          name: "api/logo.png",
          contentType: "image/png",
          publicUrl: `${ORIGIN}/storage/v1/object/public/graphics/api/logo.png`,
        });
        const list = await call(
          listRoute.action,
          new Request(`${ORIGIN}/storage/v1/object/list/${B}`, {
            method: "POST",
            headers: { cookie: adminCookie },
            body: JSON.stringify({ search: "api/" }),
          }),
          { bucket: B },
        );
        expect(await list.json()).toMatchObject({ total: 1, limit: 100, offset: 0, items: [{ name: "api/logo.png" }] });
      });

      it("answers 413 for a 12 MB body, declared or streamed, before storing anything", async () => {
        const before = await rows();
        const big = new Uint8Array(12 * 1024 * 1024);
        big.set(await png());
        const declared = await upload("big.png", big, adminCookie, { "content-length": String(big.length) });
        expect(declared.status).toBe(413);
        expect(await declared.json()).toEqual({ code: "too_large", message: "Files can be at most 10 MB." });
        // Without a length: counted while reading, stopped just past the limit.
        let sent = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent >= big.length) return controller.close();
            controller.enqueue(big.subarray(sent, sent + 256 * 1024));
            sent += 256 * 1024;
          },
        });
        const streamed = await upload("big.png", stream);
        expect(streamed.status).toBe(413);
        expect(sent).toBeLessThan(MAX_FILE_BYTES + 3 * 256 * 1024);
        expect(await rows()).toBe(before);
      });

      it("refuses a renamed executable and a bad name with clear JSON errors", async () => {
        const exe = await upload("setup.png", Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(512)]));
        expect(exe.status).toBe(415);
        expect((await exe.json()).code).toBe("unsupported_type");
        const bad = await upload("a/../../b.png", await png());
        expect(bad.status).toBe(400);
        expect((await bad.json()).code).toBe("invalid_name");
      });

      it("refuses a NUL or other control character in any string of the storage API with a 400 JSON error, and logs no error", async () => {
        const errors = vi.spyOn(appLog, "error");
        try {
          const json = (method: string, url: string, body: unknown) =>
            new Request(url, { method, headers: { cookie: adminCookie, "content-type": "application/json" }, body: JSON.stringify(body) });
          const refused = async (what: string, response: Response, field: string) => {
            expect(response.status, what).toBe(400);
            const body = (await response.json()) as { code: string; message: string };
            expect(body.code, what).toMatch(/^(invalid_request|invalid_name)$/);
            expect(body.message, what).toContain(field);
            expect(body.message, what).toContain("control character");
          };
          const listUrl = `${ORIGIN}/storage/v1/object/list/${B}`;
          for (const bad of ["a\u0000b", "\u0000", "x\u001by", "\u007f", "a\u0085"]) {
            await refused(
              `search ${JSON.stringify(bad)}`,
              await call(listRoute.action, json("POST", listUrl, { search: bad }), { bucket: B }),
              "search",
            );
            await refused(
              `prefix ${JSON.stringify(bad)}`,
              await call(listRoute.action, json("POST", listUrl, { prefix: bad }), { bucket: B }),
              "prefix",
            );
          }
          for (const path of ["move", "copy"]) {
            const url = `${ORIGIN}/storage/v1/object/${path}`;
            await refused(
              `${path} source`,
              await call(
                transferRoute.action,
                json("POST", url, { bucketId: B, sourceKey: "api/logo\u0000.png", destinationKey: "b.png" }),
                {},
              ),
              "sourceKey",
            );
            await refused(
              `${path} destination`,
              await call(
                transferRoute.action,
                json("POST", url, { bucketId: B, sourceKey: "api/logo.png", destinationKey: "b\u0000.png" }),
                {},
              ),
              "destinationKey",
            );
            await refused(
              `${path} bucket`,
              await call(
                transferRoute.action,
                json("POST", url, { bucketId: "graphics\u0000", sourceKey: "api/logo.png", destinationKey: "b.png" }),
                {},
              ),
              "bucketId",
            );
          }
          await refused(
            "delete several",
            await call(objectRoute.action, json("DELETE", `${ORIGIN}/storage/v1/object/${B}`, { prefixes: ["api/logo.png", "x\u0000"] }), {
              bucket: B,
            }),
            "prefixes",
          );
          // Names in the address (%00 arrives decoded).
          const named = "api/logo\u0000.png";
          await refused(
            "sign",
            await call(signRoute.action, json("POST", `${ORIGIN}/storage/v1/object/sign/${B}/api/logo%00.png`, { expiresIn: 60 }), {
              bucket: B,
              "*": named,
            }),
            "name",
          );
          await refused(
            "download",
            await call(objectRoute.loader, new Request(objectUrl("api/logo%00.png"), { headers: { cookie: adminCookie } }), {
              bucket: B,
              "*": named,
            }),
            "name",
          );
          await refused(
            "delete one",
            await call(objectRoute.action, json("DELETE", objectUrl("api/logo%00.png"), {}), { bucket: B, "*": named }),
            "name",
          );
          // The addresses anyone opens answer "not there", not a server error.
          for (const route of [publicRoute.loader, renderRoute.loader, signRoute.loader]) {
            const response = await call(route, new Request(`${ORIGIN}/x%00?token=1.abc`), { bucket: B, "*": named });
            expect([400, 403, 404]).toContain(response.status);
          }
          expect(await rows()).toBeGreaterThan(0); // nothing was deleted
          expect((await store.info(B, "api/logo.png")).name).toBe("api/logo.png");
          expect(errors).not.toHaveBeenCalled();
        } finally {
          errors.mockRestore();
        }
      });

      it("serves public files with cache, ETag, 304, type, nosniff and a sandboxing CSP; signed URLs until they expire", async () => {
        const get = (fn: Parameters<typeof call>[0], url: string, name: string, headers: Record<string, string> = {}) =>
          call(fn, new Request(url, { headers }), { bucket: B, "*": name });
        const svg = await get(publicRoute.loader, `${ORIGIN}/storage/v1/object/public/${B}/brand/mark.svg`, "brand/mark.svg");
        expect(svg.status).toBe(200);
        expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
        expect(svg.headers.get("cache-control")).toBe("public, max-age=3600");
        expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
        expect(svg.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
        const etag = svg.headers.get("etag")!;
        expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
        expect((await get(publicRoute.loader, `${ORIGIN}/x`, "brand/mark.svg", { "if-none-match": etag })).status).toBe(304);
        expect((await get(publicRoute.loader, `${ORIGIN}/x`, "brand/missing.svg")).status).toBe(404);
        const thumb = await get(renderRoute.loader, `${ORIGIN}/x`, "brand/mark.svg");
        expect(thumb.headers.get("content-type")).toBe("image/webp");

        const shared = services.storage;
        const signed = await shared.createSignedUrl(B, "api/logo.png", 60);
        const ok = await get(signRoute.loader, `${ORIGIN}${signed.path}`, "api/logo.png");
        expect(ok.status).toBe(200);
        expect(ok.headers.get("cache-control")).toMatch(/^private, max-age=(5\d|60)$/);
        const tampered = await get(signRoute.loader, `${ORIGIN}${signed.path.replace(/token=\d/, "token=9")}`, "api/logo.png");
        expect(tampered.status).toBe(403);
        const otherFile = await get(signRoute.loader, `${ORIGIN}${signed.path}`, "brand/mark.svg");
        expect(otherFile.status).toBe(403);
        const expiredToken = (await shared.createSignedUrl(B, "api/logo.png", 1)).token;
        await new Promise((r) => setTimeout(r, 1100));
        const expired = await get(
          signRoute.loader,
          `${ORIGIN}/storage/v1/object/sign/graphics/api/logo.png?token=${expiredToken}`,
          "api/logo.png",
        );
        expect(expired.status).toBe(403);
        expect(await expired.text()).toContain("expired");
      });
    });
  });
}
