/**
 * The web font (Inter, variable weight) and when a page uses it (ADR 013):
 *
 * - A page never swaps fonts under the reader's eyes. Until Inter is in the browser's cache, a
 *   page is drawn in its metric-matched fallback ("Inter Fallback", app/app.css) and stays in it:
 *   after the first paint, once the page is idle, the font files are fetched in the background
 *   (by the module script app/first-paint/first-paint.server.ts writes) and the browser remembers that it
 *   has them.
 * - A page loaded after that adds Inter before its first paint (a classic script at the top of
 *   <head>, written by the same module: `addWebFont("optional")` when `webFontCached()`) with
 *   `font-display: optional`: from the cache it is there at once; if the cache lost
 *   it, the page keeps the fallback rather than swap late.
 * - A navigation inside the site after hydration (`useWebFontOnNavigation`) switches to Inter
 *   when the new page renders: the whole page changes then anyway.
 * - Without JavaScript, root.tsx's <noscript> stylesheet (app/fonts.css) loads it the usual way.
 */
import latinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import latin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export const WEB_FONT_FAMILY = "Inter Variable";

/** The weights one variable face covers. */
export const WEB_FONT_WEIGHT = "100 900";

/** A face's `src` for the FontFace constructor. */
export const fontFaceSource = (src: string) => `url("${src}") format("woff2")`;

/** The faces of app/fonts.css that an English page can use (@fontsource-variable/inter/wght.css). */
export const WEB_FONT_FACES: readonly { src: string; unicodeRange: string }[] = [
  {
    src: latin,
    unicodeRange:
      "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  },
  {
    src: latinExt,
    unicodeRange:
      "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  },
];

/** localStorage key: its value is the font's address once this browser has fetched it. */
export const WEB_FONT_KEY = "crossroads:web-font";
/** The font's address names its content (a hashed asset): a new font is fetched anew. */
export const WEB_FONT_VERSION = latin;

/** Set on <html> (data-web-font) once the page has the web font's faces. */
export const WEB_FONT_APPLIED = "webFont";

/** Adds the faces to the document (the `display` as given); true when it did. */
export function addWebFont(display: "optional" | "swap"): boolean {
  const root = document.documentElement;
  if (WEB_FONT_APPLIED in root.dataset) return false;
  for (const face of WEB_FONT_FACES)
    document.fonts.add(
      new FontFace(WEB_FONT_FAMILY, fontFaceSource(face.src), { weight: WEB_FONT_WEIGHT, display, unicodeRange: face.unicodeRange }),
    );
  root.dataset[WEB_FONT_APPLIED] = "";
  return true;
}

/** Whether this browser said it has the font (localStorage may be unavailable: then no). */
export function webFontCached(): boolean {
  try {
    return localStorage.getItem(WEB_FONT_KEY) === WEB_FONT_VERSION;
  } catch {
    return false;
  }
}

/**
 * After a navigation inside the site, the next page is in Inter when the browser has it (the
 * whole page changes then anyway; layout shifts right after a click do not count against it).
 */
export function useWebFontOnNavigation(): void {
  const { pathname } = useLocation();
  const landing = useRef(pathname);
  useEffect(() => {
    if (pathname !== landing.current && webFontCached()) addWebFont("swap");
  }, [pathname]);
}
