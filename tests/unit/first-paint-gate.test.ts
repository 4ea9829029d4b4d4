// @vitest-environment jsdom
/**
 * The gate in the page's module script (docs/decisions/013-first-paint-before-hydration.md): the
 * page's modules are imported on the visitor's first pointer, touch, wheel, key or focus, never
 * before and never without; a page left untouched still has its view counted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { deferBootScript, HYDRATE_ON, MENU_READY, TAP_ENDS } from "~/lib/first-paint.server";
import { insightOf, INSIGHTS_RUNNING, sendUnhydratedPageView } from "~/lib/insights-beacon";

const BOOT = `import * as route0 from "/assets/root-1.js";\nwindow.__routeModules = { root: route0 };\nimport("/assets/entry.client-1.js");`;

type Loader = (url: string) => Promise<unknown>;

/** Runs the rewritten module script with `import()` replaced by `load`; resolves when the script ends. */
function run(load: Loader): Promise<unknown> {
  const script = deferBootScript(BOOT, ["/assets/entry.client-1.js"])!.replace(/\bimport\(/g, "load(");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (l: Loader) => Promise<unknown>;
  return new AsyncFunction("load", script)(load);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** What jsdom lacks: paint entries (the gate then waits a frame), the idle callback, a frame, the font loader (counted). */
const fontLoads = vi.fn(async () => undefined);
beforeEach(() => {
  const w = window as unknown as Record<string, unknown>;
  w.PerformanceObserver = undefined;
  w.requestIdleCallback = (callback: () => void) => setTimeout(callback, 0);
  w.requestAnimationFrame = (callback: () => void) => setTimeout(callback, 0);
  w.FontFace = class {
    load = fontLoads;
  };
  fontLoads.mockClear();
});

describe("the hydration gate", () => {
  afterEach(() => {
    // Each run's pagehide listener goes with it (it listens once).
    (window as unknown as Record<string, unknown>)[INSIGHTS_RUNNING] = true;
    window.dispatchEvent(new Event("pagehide"));
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    delete (window as unknown as Record<string, unknown>)[INSIGHTS_RUNNING];
    vi.restoreAllMocks();
  });

  it("imports nothing while the page is only loaded, painted and idle, but fetches the web font for the next pages", async () => {
    const load = vi.fn(async (_url: string) => ({}));
    void run(load);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fontLoads).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset[MENU_READY]).toBe("");
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
  });

  it.each(HYDRATE_ON)("imports the page's modules on the first %s, preloads first", async (type) => {
    const load = vi.fn(async (_url: string) => ({}));
    const done = run(load);
    await tick();
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(type));
    await done;
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute("href")).toBe("/assets/entry.client-1.js");
    expect(load.mock.calls.map(([url]) => url)).toEqual(["/assets/root-1.js", "/assets/entry.client-1.js"]);
  });

  it.each(TAP_ENDS)("a press starts nothing until its tap is over (its %s), so the tap is answered first", async (end) => {
    const load = vi.fn(async (_url: string) => ({}));
    const done = run(load);
    await tick();
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("touchstart"));
    await tick();
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    const ended = performance.now();
    window.dispatchEvent(new Event(end));
    await done;
    expect(load).toHaveBeenCalledTimes(2);
    expect(performance.now() - ended, "not the wait for a press held").toBeLessThan(300);
  });

  it("sends the view of a page left untouched when it is hidden for good, and only then", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    void run(async () => ({}));
    await tick();
    window.dispatchEvent(new Event("pagehide"));
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe("/api/events");
    expect(JSON.parse(body).events).toEqual([{ kind: "page_view", path: window.location.pathname }]);
  });

  it("leaves the view to Insights' sender once it runs", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    void run(async () => ({}));
    await tick();
    (window as unknown as Record<string, unknown>)[INSIGHTS_RUNNING] = true;
    window.dispatchEvent(new Event("pagehide"));
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe("sendUnhydratedPageView", () => {
  const PRIVATE = /^(\/admin|\/auth)(\/|$)/;
  function sent(path: string, referrer: string, nav: Record<string, unknown> = {}): unknown {
    window.history.replaceState({}, "", path);
    Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
    const beacon = vi.fn(() => true);
    for (const [key, value] of Object.entries({ sendBeacon: beacon, doNotTrack: null, globalPrivacyControl: undefined, ...nav }))
      Object.defineProperty(navigator, key, { value, configurable: true });
    sendUnhydratedPageView("/api/events", PRIVATE);
    const calls = beacon.mock.calls as unknown as [string, string][];
    return calls.length ? JSON.parse(calls[0][1]) : null;
  }

  it("sends the page view Insights' sender would make of the same page", () => {
    const path = "/services/voip?utm_source=news%01x&utm_campaign=%20spring%20&q=1";
    const referrer = "https://www.google.com/search?q=managed+it";
    const body = sent(path, referrer) as { width: number; events: unknown[] };
    expect(body.events).toEqual([insightOf({ event: "page_view" }, window.location.href, referrer)]);
    expect(body.events[0]).toMatchObject({ path: "/services/voip", utm_source: "newsx", utm_campaign: "spring", referrer });
    expect(body.width).toBe(Math.round(window.innerWidth));
  });

  it("sends nothing with Global Privacy Control or Do Not Track, nor on a private path", () => {
    expect(sent("/about", "", { globalPrivacyControl: true })).toBeNull();
    expect(sent("/about", "", { doNotTrack: "1" })).toBeNull();
    expect(sent("/auth/login", "")).toBeNull();
    expect(sent("/about", "")).not.toBeNull();
  });
});
