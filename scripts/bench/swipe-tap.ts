/**
 * A tap after the first swipe (`BENCH_ONLY=interaction`, docs/requirements/public-site.md#performance-and-accessibility):
 * on a phone the first touch is usually a swipe and the next one a tap, and the swipe is what
 * starts the page's hydration (ADR 013). On Lighthouse's mobile profile with a phone's user agent,
 * a fresh browser each time: load the page, read for 1.5 s, swipe up 180 px in about 150 ms and hold
 * still before lifting (no fling), then tap the phone menu's button `delayMs` after the finger
 * left (touch events sent through the DevTools protocol, as Playwright's tap sends them). The figure is the tap's Event Timing duration (its longest event: what INP counts), beside
 * the same scenario on the page's no-JavaScript copy (`startNoJsCopy`), and whether the menu
 * opened at all.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium.ts";
import { log, median, sleep, startServer } from "./lib.ts";
import { startNoJsCopy } from "./nojs-copy.ts";

export const SWIPE_PAGES = ["/", "/services/managed-it", "/contact"] as const;
/**
 * How long the visitor reads after the page's load event before the swipe: 1.5 s, by when the
 * page is idle and has fetched its modules; 0 for one who swipes at once (the modules are fetched
 * after the swipe, and hydration comes later).
 */
export const READ_MS = 1500;
/** Milliseconds from the end of the swipe to the tap. */
export const TAP_DELAYS_MS = [100, 150, 200, 250, 300, 400, 500, 700, 1000, 2000] as const;
/** The targets: the median of a point and its worst run (Event Timing duration). */
export const SWIPE_TAP_TARGETS = { medianMs: 100, maxMs: 150 } as const;

/** A phone, as Lighthouse's mobile profile sees one (Moto G Power), with a phone browser's user agent. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
} as const;

/** Lighthouse's mobile profile: 4x CPU, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up. */
export async function mobileProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return cdp;
}

/**
 * Records, from the document's start, every Event Timing entry of an interaction, and the time
 * stamp of every pointerdown (the last one is the tap's) with the page's state then: not yet
 * hydrating ("before"), hydrating ("during": input held from React, app/first-paint/held-input.ts) or
 * hydrated ("after").
 */
const RECORD = `(() => {
  window.__events = [];
  window.__presses = [];
  addEventListener("pointerdown", (e) => window.__presses.push({
    at: e.timeStamp,
    state: "hydrated" in document.documentElement.dataset ? "after" : window.__holdingInput ? "during" : "before",
  }), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__events.push({ name: e.name, start: e.startTime, duration: e.duration, processing: e.processingEnd - e.processingStart });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
})();`;

const MENU_BUTTON = 'header button[popovertarget="side-menu"]:not([data-close-menu])';
/** Whether the side menu is open (a function, not a string: the page's policy forbids eval). */
const menuOpen = () => !!document.getElementById("side-menu")?.matches(":popover-open, [open]");

type Point = { x: number; y: number };

const touch = (cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", at?: Point) =>
  cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });

/**
 * Where to tap the menu button so that the tap lands on it whether the top bar has slid away or
 * not (the header moves up by the top bar's height once the page is scrolled, with a transition):
 * the middle of the band the two positions of the button share. Measured on a page of its own.
 */
async function tapPoint(context: BrowserContext, url: string): Promise<Point> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const rest = await page.locator(MENU_BUTTON).boundingBox();
    // Scrolled: the marks on <html> (app/first-paint/scroll-marks.ts), once the header's slide is over.
    await page.evaluate(() => {
      document.documentElement.setAttribute("data-away", "");
      document.documentElement.setAttribute("data-shadow", "");
    });
    await page.waitForTimeout(400);
    const away = await page.locator(MENU_BUTTON).boundingBox();
    if (!rest || !away) throw new Error(`${url}: no menu button`);
    const top = Math.max(rest.y, away.y);
    const bottom = Math.min(rest.y + rest.height, away.y + away.height);
    if (bottom - top < 2) throw new Error(`${url}: the menu button's two positions share no band to tap`);
    return { x: Math.round(rest.x + rest.width / 2), y: Math.round((top + bottom) / 2) };
  } finally {
    await page.close();
  }
}

export type HydrationState = "before" | "during" | "after";

export interface SwipeTapRun {
  /** The tap's Event Timing duration in ms (its longest event), or null when none was recorded. */
  durationMs: number | null;
  /** The time its events' handlers took, in ms (Event Timing's processing time, summed over its events). */
  processingMs?: number;
  /** Whether the menu opened. */
  opened: boolean;
  /** Where hydration was when the finger touched. */
  state?: HydrationState;
}

/** One run: load, read, swipe, wait `delayMs`, tap the menu button. */
export async function swipeThenTap(browser: Browser, url: string, delayMs: number, at?: Point, readMs = READ_MS): Promise<SwipeTapRun> {
  const context = await browser.newContext(PHONE);
  try {
    const point = at ?? (await tapPoint(context, url));
    const page = await context.newPage();
    const cdp = await mobileProfile(page);
    await page.addInitScript(RECORD);
    await page.goto(url, { waitUntil: "load" });
    await sleep(readMs);
    // The swipe: 180 px up in three moves (each waits for the browser's acknowledgement, about a
    // frame: 110-130 ms in all here), then still for 100 ms, then lifted: no fling.
    const from = { x: 200, y: 650 };
    await touch(cdp, "touchStart", from);
    for (let i = 1; i <= 3; i++) await touch(cdp, "touchMove", { x: from.x, y: from.y - 60 * i });
    await sleep(50);
    await touch(cdp, "touchMove", { x: from.x, y: from.y - 180 });
    await sleep(50);
    await touch(cdp, "touchEnd");
    await sleep(delayMs);
    await touch(cdp, "touchStart", point);
    await touch(cdp, "touchEnd");
    const opened = await page
      .waitForFunction(menuOpen, undefined, { timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    await sleep(1000); // Event Timing entries are delivered after the paint
    const { events, presses } = (await page.evaluate("({ events: window.__events, presses: window.__presses })")) as {
      events: { name: string; start: number; duration: number; processing: number }[];
      presses: { at: number; state: HydrationState }[];
    };
    const tap = presses.at(-1);
    const ofTap = tap === undefined ? [] : events.filter((e) => e.start >= tap.at - 1);
    // An interaction under 16 ms is not reported at all: 8 ms stands for it when the menu opened.
    const durationMs = ofTap.length ? Math.max(...ofTap.map((e) => e.duration)) : opened ? 8 : null;
    const processingMs = ofTap.reduce((sum, e) => sum + e.processing, 0);
    return { durationMs, processingMs, opened, state: tap?.state };
  } finally {
    await context.close();
  }
}

export interface SwipeTapFigure {
  /** "site /contact" or "no-JS /contact". */
  name: string;
  points: {
    delayMs: number;
    runsMs: (number | null)[];
    opened: number;
    medianMs: number | null;
    maxMs: number | null;
    /** How many taps came before, during and after hydration. */
    states: Record<HydrationState, number>;
  }[];
}

/**
 * Every page and delay, on the site and on its no-JavaScript copy, `runs` times, round-robin over
 * the targets so that noise spreads evenly.
 */
export async function measureSwipeTap(
  runs = 5,
  pages: readonly string[] = SWIPE_PAGES,
  delays: readonly number[] = TAP_DELAYS_MS,
  readMs = READ_MS,
): Promise<SwipeTapFigure[]> {
  const server = await startServer();
  const copy = await startNoJsCopy(server.url, pages).catch((error: unknown) => {
    log(`swipe-tap: no no-JS copy (${error instanceof Error ? error.message : String(error)})`);
    return null;
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const targets = pages.flatMap((path) => [
    { name: `site ${path}`, url: `${server.url}${path}` },
    ...(copy ? [{ name: `no-JS ${path}`, url: `${copy.url}${path}` }] : []),
  ]);
  const results = new Map<string, SwipeTapRun[]>();
  try {
    const points = new Map<string, Point>();
    for (const target of targets) {
      const context = await browser.newContext(PHONE);
      points.set(target.name, await tapPoint(context, target.url));
      await context.close();
    }
    for (let i = 1; i <= runs; i++)
      for (const delayMs of delays)
        for (const target of targets) {
          const key = `${target.name} @${delayMs}`;
          const run = await swipeThenTap(browser, target.url, delayMs, points.get(target.name), readMs).catch(
            (error: unknown): SwipeTapRun => {
              log(`swipe-tap ${key}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
              return { durationMs: null, opened: false };
            },
          );
          results.set(key, [...(results.get(key) ?? []), run]);
          log(
            `swipe-tap ${key} run ${i}/${runs}: ${run.durationMs ?? "-"} ms${run.state ? `, ${run.state} hydration` : ""}${run.opened ? "" : ", menu did not open"}`,
          );
        }
  } finally {
    await browser.close();
    await copy?.stop();
    await server.stop();
  }
  return targets.map(({ name }) => ({
    name,
    points: delays.map((delayMs) => {
      const got = results.get(`${name} @${delayMs}`) ?? [];
      const times = got.map((r) => r.durationMs).filter((ms): ms is number => ms !== null);
      return {
        delayMs,
        runsMs: got.map((r) => r.durationMs),
        opened: got.filter((r) => r.opened).length,
        medianMs: times.length ? median(times) : null,
        maxMs: times.length ? Math.max(...times) : null,
        states: {
          before: got.filter((r) => r.state === "before").length,
          during: got.filter((r) => r.state === "during").length,
          after: got.filter((r) => r.state === "after").length,
        },
      };
    }),
  }));
}

/**
 * The figures as a table: one row a target, one column a delay, "median (max)" in each cell, and
 * on the site's rows how many taps came during hydration (`d`) and after it (`a`).
 */
export function swipeTapTable(figures: SwipeTapFigure[]): string {
  const delays = figures[0]?.points.map((p) => p.delayMs) ?? [];
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.points
        .map(
          (p) =>
            `${p.medianMs ?? "-"} (${p.maxMs ?? "-"})${p.opened < p.runsMs.length ? ` ${p.opened}/${p.runsMs.length} opened` : ""}` +
            (f.name.startsWith("site") ? ` ${p.states.during}d ${p.states.after}a` : ""),
        )
        .join(" | ")} |`,
  );
  return [
    `| tap after the swipe | ${delays.map((d) => `${d} ms`).join(" | ")} |`,
    `|---|${delays.map(() => "---").join("|")}|`,
    ...rows,
  ].join("\n");
}

// `npx tsx scripts/bench/swipe-tap.ts [runs] [pages,comma-separated] [delays,comma-separated] [read ms]` on the last build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [runs, pages, delays, readMs] = process.argv.slice(2);
  const figures = await measureSwipeTap(
    runs ? Number(runs) : 5,
    pages ? pages.split(",") : SWIPE_PAGES,
    delays ? delays.split(",").map(Number) : TAP_DELAYS_MS,
    readMs ? Number(readMs) : READ_MS,
  );
  console.log(swipeTapTable(figures));
}
