/**
 * First paint before hydration (ADR 013, docs/requirements/public-site.md#performance-and-accessibility):
 * the JS and CSS budgets of the built pages, and the order a browser loads things in. Lighthouse
 * itself stays in the bench (`BENCH_ONLY=paint npm run bench`).
 */
import { request as httpRequest } from "node:http";

import { BUDGETS } from "../../scripts/bench/budgets.ts";
import { measureHtml } from "../../scripts/bench/sizes.ts";
import { FIRST_ROUND_TRIP_BYTES } from "../../server/static-store.ts";
import { E2E_ORIGIN } from "./config";
import { expect, test, type Page } from "./fixtures";
import { hydrated } from "./helpers";

test("every page with a budget loads no more gzipped JS and CSS than its budget", async ({ request }) => {
  const over: string[] = [];
  for (const [path, budget] of Object.entries(BUDGETS)) {
    // As the server sends it: from memory (rendered at start) or rendered per request (a form, the sign-in).
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const sizes = measureHtml(path, await response.text(), `GET ${path}`);
    expect(sizes.missing, `${path}: files it names that the build lacks`).toEqual([]);
    expect(sizes.jsFiles.length, `${path}: its modules are found`).toBeGreaterThan(3);
    if (sizes.jsKb > budget.jsKb) over.push(`${path} JS ${sizes.jsKb} KB > ${budget.jsKb} KB`);
    if (sizes.cssKb > budget.cssKb) over.push(`${path} CSS ${sizes.cssKb} KB > ${budget.cssKb} KB`);
  }
  expect(over, "over budget (scripts/bench/budgets.ts)").toEqual([]);
});

/** The bytes of a brotli answer as they cross the network: status line, headers and body. */
function answerBytes(path: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${E2E_ORIGIN}${path}`, { headers: { "accept-encoding": "br" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const head =
          `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` +
          res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join("") +
          "\r\n";
        const body = Buffer.concat(chunks);
        resolve({ bytes: Buffer.byteLength(head) + body.length, encoding: res.headers["content-encoding"] });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

// The pages served from memory that Lighthouse's first-paint bench measures, and the other long
// ones that fit. (The FAQ and the privacy policy, 15.1-15.5 KB at brotli 10, take two round trips:
// long pages of text whose every answer is also in their structured data or hydration data.)
test("the pages served from memory arrive in TCP's first round trip on a phone's network, without React's streaming scripts", async ({
  request,
}) => {
  const over: string[] = [];
  for (const path of [
    "/",
    "/services/managed-it",
    "/indianapolis-it-support",
    "/industries/healthcare",
    "/about",
    "/terms-and-conditions",
  ]) {
    const answer = await answerBytes(path);
    expect(answer.encoding, path).toBe("br");
    if (answer.bytes > FIRST_ROUND_TRIP_BYTES) over.push(`${path}: ${answer.bytes} bytes with its headers`);
    // Written whole (app/entry.server.tsx): no streamed part revealed by React's inline scripts,
    // each of which would also be one more hash in the Content-Security-Policy header.
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("$RC(");
    expect(html, path).not.toContain('<template id="B:');
  }
  expect(over, `over ${FIRST_ROUND_TRIP_BYTES} bytes (ten TCP segments)`).toEqual([]);
});

/**
 * Layout shifts once the document has been parsed (the Layout Instability API), from an init
 * script: what the scripts, hydration and the web font could move. Shifts while the HTML is
 * still arriving (a paint of a partly received page, which a busy machine sometimes makes between
 * two chunks) are the parser's, not this test's subject; the bench's CLS counts every shift.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      const parsed = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.domInteractive;
      for (const entry of list.getEntries())
        if (parsed && entry.startTime >= parsed) w.__shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The state of the web font's faces in the document ("loaded", "unloaded"...), none when it has none. */
const interFaces = (page: Page) =>
  page.evaluate(() => [...document.fonts].filter((f) => f.family.includes("Inter Variable")).map((f) => f.status));

for (const path of ["/services/managed-it", "/contact"]) {
  test(`${path} paints before any script or web font downloads, hydrates, and never swaps fonts`, async ({ page }) => {
    await watchLayoutShifts(page);
    const response = await page.goto(path);
    expect(await response?.text()).not.toMatch(/<link[^>]*rel="modulepreload"/);
    await hydrated(page);
    // The font is fetched for the next pages, after the first paint (app/first-paint/web-font.ts).
    await page.waitForFunction(() => localStorage.getItem("crossroads:web-font") !== null);
    const { fcp, late, shifts } = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const watched = resources.filter((r) => /\/assets\/.+\.(js|woff2)$/.test(new URL(r.name).pathname));
      return {
        fcp: paint?.startTime ?? null,
        late: watched.map((r) => ({ url: new URL(r.name).pathname, start: r.startTime })),
        shifts: (window as unknown as { __shifts: number[] }).__shifts,
      };
    });
    expect(fcp, "a first contentful paint was recorded").not.toBeNull();
    expect(
      late.some((r) => r.url.endsWith(".js")),
      "its modules were loaded",
    ).toBe(true);
    expect(
      late.some((r) => r.url.endsWith(".woff2")),
      "the web font was fetched",
    ).toBe(true);
    expect(
      late.filter((r) => r.start < fcp!),
      "requested before the first contentful paint",
    ).toEqual([]);
    // This page keeps the fallback it was painted in: nothing moved, the font was not applied.
    expect(await interFaces(page), "web font faces in the document").toEqual([]);
    expect(shifts, "layout shifts").toEqual([]);
  });
}

test("the footer and the phone menu are sent where they show, not moved there by a script after the first paint", async ({ request }) => {
  for (const path of ["/", "/contact"]) {
    const html = await (
      await request.get(path, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" } })
    ).text();
    const footer = /<footer\b[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
    const menu = /<dialog\b[^>]*id="side-menu"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? "";
    expect(footer, `${path}: the footer's links`).toContain('href="/sitemap"');
    expect(menu, `${path}: the menu's links`).toContain('href="/contact"');
    expect(`${footer}${menu}`, `${path}: a boundary filled in later`).not.toContain("<template");
  }
});

test("a page nobody touches fetches its modules only once idle after load and never hydrates; the first pointer move hydrates it, and the page sent its view when left", async ({
  page,
}) => {
  const scripts: { url: string; at: number }[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.+\.js$/.test(new URL(request.url()).pathname)) scripts.push({ url: request.url(), at: Date.now() });
  });
  let loadedAt = 0;
  page.on("load", () => (loadedAt = Date.now()));
  await page.goto("/services/managed-it?utm_source=news");
  // Loaded, painted and idle: the web font is fetched for the next pages, and the page's modules
  // are fetched and evaluated (app/entry.client.tsx), after the load event; nothing hydrates.
  await page.waitForFunction(() => localStorage.getItem("crossroads:web-font") !== null);
  await expect.poll(() => scripts.length).toBeGreaterThan(3);
  expect(
    scripts.filter((s) => s.at < loadedAt).map((s) => s.url),
    "modules requested before the load event",
  ).toEqual([]);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset), "hydrated without a touch").toBe(false);

  // Left untouched (here: told it is being left, as a browser tells it on leaving): its page view
  // goes out, with its campaign (from Insights' sender, which runs once the page is idle).
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/events") && request.method() === "POST");
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
  const sent = JSON.parse((await beacon).postData() ?? "{}") as { events: Record<string, string>[] };
  expect(sent.events.filter((e) => e.kind === "page_view")).toEqual([
    { kind: "page_view", path: "/services/managed-it", utm_source: "news" },
  ]);
  // The visit's landing page was noted before anything ran, for the contact form.
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("crossroads:visit") ?? "{}"))).toMatchObject({
    landing_page: "/services/managed-it?utm_source=news",
    utm_source: "news",
  });

  await page.mouse.move(200, 300);
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
});

test("a page loaded after the first is in the web font from its first paint, and nothing moves", async ({ page }) => {
  await watchLayoutShifts(page);
  await page.goto("/contact");
  await hydrated(page);
  await page.waitForFunction(() => localStorage.getItem("crossroads:web-font") !== null);
  await page.goto("/indianapolis-it-support");
  // The faces were added by the script at the top of <head>, before the stylesheet was even parsed.
  expect(await page.evaluate(() => "webFont" in document.documentElement.dataset)).toBe(true);
  await expect.poll(() => interFaces(page)).toContain("loaded");
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), "layout shifts").toEqual([]);
  expect(await page.evaluate(() => document.fonts.check("700 16px 'Inter Variable'"))).toBe(true);
});

test("after the first page, a link followed inside the site shows the next page in the web font", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  await page.waitForFunction(() => localStorage.getItem("crossroads:web-font") !== null);
  expect(await interFaces(page)).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => interFaces(page)).toContain("loaded");
});

test("a browser without storage keeps the fallback and still hydrates", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/services/managed-it");
  await hydrated(page);
  await page.goto("/contact");
  await hydrated(page);
  expect(await interFaces(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("public pages hydrate without loading Intl locale data (13 to 23 ms of main thread each, on a fast machine)", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __intl: string[] };
    w.__intl = [];
    for (const name of ["DateTimeFormat", "ListFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "Collator"] as const) {
      const Original = (Intl as unknown as Record<string, new (...args: unknown[]) => object>)[name];
      if (!Original) continue;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
        construct(target, args) {
          w.__intl.push(`Intl.${name}`);
          return new target(...args);
        },
      });
    }
    for (const [proto, label] of [
      [Number.prototype, "Number"],
      [Date.prototype, "Date"],
    ] as const) {
      const original = proto.toLocaleString;
      proto.toLocaleString = function (this: unknown, ...args: unknown[]) {
        w.__intl.push(`${label}.toLocaleString`);
        return (original as (...a: unknown[]) => string).apply(this, args);
      } as typeof original;
    }
  });
  for (const path of [
    "/",
    "/services/managed-it",
    "/indianapolis-it-support",
    "/contact",
    "/auth/login",
    "/blog",
    "/terms-and-conditions",
  ]) {
    await page.goto(path);
    if (path === "/auth/login") await hydrated(page);
    else await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl), path).toEqual([]);
  }
});
