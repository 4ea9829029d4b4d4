// @vitest-environment jsdom
/**
 * The gate in the page's module script (docs/decisions/013-first-paint-before-hydration.md): the
 * page's modules are fetched and evaluated once the page is idle after load (or at the first
 * input, if that comes first), and the page hydrates at the visitor's first pointer, touch, wheel,
 * key or focus, never before and never without; the page view goes to dataLayer at once, the tag
 * manager loads once idle, and a page left untouched still has its view counted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { FIRST_PAGE_VIEW, TAG_MANAGER_SCRIPT_ID } from "~/analytics/analytics";
import { deferBootScript } from "~/first-paint/first-paint.server";
import { HYDRATE_ON, HYDRATE_WHEN, MENU_READY, TAP_ENDS } from "~/first-paint/hydration-gate";
import { insightOf, INSIGHTS_RUNNING, sendUnhydratedPageView } from "~/insights/insights-beacon";

const BOOT = `import * as route0 from "/assets/root-1.js";\nwindow.__routeModules = { root: route0 };\nimport("/assets/entry.client-1.js");`;

type Loader = (url: string) => Promise<unknown>;
const w = window as unknown as Record<string, unknown>;

/** Runs the rewritten module script with `import()` replaced by `load`; resolves when the script ends. */
function run(load: Loader, gtmId?: string): Promise<unknown> {
  const script = deferBootScript(BOOT, ["/assets/entry.client-1.js"], gtmId)!.replace(/\bimport\(/g, "load(");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (l: Loader) => Promise<unknown>;
  return new AsyncFunction("load", script)(load);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Whether the page may hydrate yet (the promise app/entry.client.tsx waits for). */
async function mayHydrate(): Promise<boolean> {
  let settled = false;
  void (w[HYDRATE_WHEN] as Promise<unknown>).then(() => (settled = true));
  await tick();
  return settled;
}

/** What jsdom lacks: paint entries (the gate then waits a frame), the idle callback, a frame, the font loader (counted). */
const fontLoads = vi.fn(async () => undefined);
let idleCallbacks: (() => void)[] = [];
/** Whether the browser becomes idle by itself (otherwise `becomeIdle()`). */
let idleAtOnce = true;
const becomeIdle = () => idleCallbacks.splice(0).forEach((callback) => callback());
beforeEach(() => {
  w.PerformanceObserver = undefined;
  idleAtOnce = true;
  idleCallbacks = [];
  w.requestIdleCallback = (callback: () => void) => (idleAtOnce ? setTimeout(callback, 0) : idleCallbacks.push(callback));
  w.requestAnimationFrame = (callback: () => void) => setTimeout(callback, 0);
  w.FontFace = class {
    load = fontLoads;
  };
  fontLoads.mockClear();
  w.dataLayer = [];
  document.title = "Managed IT | Crossroads IT";
});

describe("the hydration gate", () => {
  afterEach(() => {
    // Each run's pagehide listener goes with it (it listens once).
    w[INSIGHTS_RUNNING] = true;
    window.dispatchEvent(new Event("pagehide"));
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    document.getElementById(TAG_MANAGER_SCRIPT_ID)?.remove();
    for (const key of [INSIGHTS_RUNNING, HYDRATE_WHEN, FIRST_PAGE_VIEW]) delete w[key];
    vi.restoreAllMocks();
  });

  it("once the page is idle, fetches and evaluates its modules (preloads first) and the web font, but does not let it hydrate", async () => {
    const load = vi.fn(async (_url: string) => ({}));
    await run(load);
    expect(fontLoads).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset[MENU_READY]).toBe("");
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute("href")).toBe("/assets/entry.client-1.js");
    expect(load.mock.calls.map(([url]) => url)).toEqual(["/assets/root-1.js", "/assets/entry.client-1.js"]);
    expect(await mayHydrate()).toBe(false);
  });

  it("before the page is idle, fetches nothing", async () => {
    idleAtOnce = false;
    const load = vi.fn(async (_url: string) => ({}));
    void run(load);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    becomeIdle();
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each(HYDRATE_ON)("lets the page hydrate on the first %s, and fetches its modules then if it was not idle yet", async (type) => {
    idleAtOnce = false;
    const load = vi.fn(async (_url: string) => ({}));
    const done = run(load);
    await tick();
    expect(load).not.toHaveBeenCalled();
    expect(await mayHydrate()).toBe(false);
    window.dispatchEvent(new Event(type));
    await done;
    expect(await mayHydrate()).toBe(true);
    expect(load.mock.calls.map(([url]) => url)).toEqual(["/assets/root-1.js", "/assets/entry.client-1.js"]);
  });

  it.each(TAP_ENDS)("a press starts nothing until its tap is over (its %s), so the tap is answered first", async (end) => {
    idleAtOnce = false;
    const load = vi.fn(async (_url: string) => ({}));
    const done = run(load);
    await tick();
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("touchstart"));
    await tick();
    expect(load).not.toHaveBeenCalled();
    expect(await mayHydrate()).toBe(false);
    const ended = performance.now();
    window.dispatchEvent(new Event(end));
    await done;
    expect(load).toHaveBeenCalledTimes(2);
    expect(await mayHydrate()).toBe(true);
    expect(performance.now() - ended, "not the wait for a press held").toBeLessThan(300);
  });

  it("pushes the page's view to dataLayer at once, untouched, with its title and address", async () => {
    idleAtOnce = false;
    void run(async () => ({}));
    await tick();
    expect(w.dataLayer).toEqual([{ event: "page_view", page_title: "Managed IT | Crossroads IT", page_location: window.location.href }]);
    expect(w[FIRST_PAGE_VIEW]).toBe(window.location.pathname + window.location.search);
  });

  it("pushes no page view on a private path", async () => {
    window.history.replaceState({}, "", "/auth/login");
    try {
      void run(async () => ({}));
      await tick();
      expect(w.dataLayer).toEqual([]);
    } finally {
      window.history.replaceState({}, "", "/");
    }
  });

  it("loads the tag manager once the page is idle, untouched, when there is a container", async () => {
    idleAtOnce = false;
    void run(async () => ({}), "GTM-TEST0001");
    await tick();
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
    becomeIdle();
    await tick();
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)?.getAttribute("src")).toBe(
      "https://www.googletagmanager.com/gtm.js?id=GTM-TEST0001",
    );
    expect((w.dataLayer as { event?: string }[]).map((e) => e.event)).toEqual(["page_view", "gtm.js"]);
  });

  it("loads no tag manager without a container, under Global Privacy Control or Do Not Track, or on a private path", async () => {
    await run(async () => ({}));
    expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
    for (const [key, value] of [
      ["globalPrivacyControl", true],
      ["doNotTrack", "1"],
    ] as const) {
      Object.defineProperty(navigator, key, { value, configurable: true });
      try {
        await run(async () => ({}), "GTM-TEST0001");
        expect(document.getElementById(TAG_MANAGER_SCRIPT_ID), key).toBeNull();
      } finally {
        Object.defineProperty(navigator, key, { value: undefined, configurable: true });
      }
    }
    window.history.replaceState({}, "", "/auth/login");
    try {
      await run(async () => ({}), "GTM-TEST0001");
      expect(document.getElementById(TAG_MANAGER_SCRIPT_ID)).toBeNull();
    } finally {
      window.history.replaceState({}, "", "/");
    }
  });

  it("sends the view of a page left untouched when it is hidden for good, and only then", async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    idleAtOnce = false;
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
    w[INSIGHTS_RUNNING] = true;
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
