// @vitest-environment jsdom
/**
 * The web font is never swapped in under the reader (app/first-paint/web-font.ts, ADR 013): a page adds
 * it before its first paint only when the browser said it has the file; the script at the top of
 * <head> and addWebFont do the same thing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { headScript } from "~/first-paint/first-paint.server";
import { addWebFont, WEB_FONT_FACES, WEB_FONT_FAMILY, WEB_FONT_KEY, WEB_FONT_VERSION, webFontCached } from "~/first-paint/web-font";

interface FakeFace {
  family: string;
  source: string;
  descriptors: FontFaceDescriptors;
}

let added: FakeFace[];

beforeEach(() => {
  added = [];
  // jsdom has no CSS Font Loading API: a stand-in that records what the page adds.
  vi.stubGlobal(
    "FontFace",
    class {
      constructor(
        public family: string,
        public source: string,
        public descriptors: FontFaceDescriptors,
      ) {}
    },
  );
  Object.defineProperty(document, "fonts", { configurable: true, value: { add: (face: FakeFace) => added.push(face) } });
  localStorage.clear();
  delete document.documentElement.dataset.webFont;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const runHeadScript = () => new Function(headScript())();

describe("the script at the top of <head>", () => {
  it("adds nothing on a first visit: the page stays in the fallback it is painted in", () => {
    runHeadScript();
    expect(added).toEqual([]);
    expect(document.documentElement.dataset.webFont).toBeUndefined();
  });

  it("adds every face with font-display: optional once the browser has the font", () => {
    localStorage.setItem(WEB_FONT_KEY, WEB_FONT_VERSION);
    runHeadScript();
    expect(added.map((f) => [f.family, f.source, f.descriptors.display, f.descriptors.unicodeRange])).toEqual(
      WEB_FONT_FACES.map((f) => [WEB_FONT_FAMILY, `url("${f.src}") format("woff2")`, "optional", f.unicodeRange]),
    );
    expect(document.documentElement.dataset.webFont).toBe("");
  });

  it("ignores a font fetched by an older build (another address)", () => {
    localStorage.setItem(WEB_FONT_KEY, "/assets/inter-latin-wght-normal-OLD.woff2");
    runHeadScript();
    expect(added).toEqual([]);
  });

  it("does not throw where storage is refused", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(runHeadScript).not.toThrow();
    expect(webFontCached()).toBe(false);
    expect(added).toEqual([]);
  });
});

describe("addWebFont", () => {
  it("adds the same faces as the head script, once", () => {
    expect(addWebFont("swap")).toBe(true);
    expect(addWebFont("swap")).toBe(false);
    expect(added.map((f) => [f.family, f.source, f.descriptors.weight, f.descriptors.display])).toEqual(
      WEB_FONT_FACES.map((f) => [WEB_FONT_FAMILY, `url("${f.src}") format("woff2")`, "100 900", "swap"]),
    );
  });

  it("adds nothing to a page whose head script already did", () => {
    localStorage.setItem(WEB_FONT_KEY, WEB_FONT_VERSION);
    runHeadScript();
    expect(webFontCached()).toBe(true);
    expect(addWebFont("swap")).toBe(false);
    expect(added).toHaveLength(WEB_FONT_FACES.length);
  });
});
