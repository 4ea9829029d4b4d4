/**
 * SVG sanitising with DOMPurify on a jsdom window (made once, on the first SVG). Kept: drawing
 * elements and filters (DOMPurify's svg and svgFilters profiles). Removed: script,
 * foreignObject, event handlers, every link or reference that leaves the file (href other than
 * "#id" or an embedded PNG/JPEG/GIF/WebP/AVIF data: URL; url(...) other than "#id"; @import),
 * CSS that runs code or loads from elsewhere (expression(), javascript:, behavior, image-set()...;
 * also when comments or CSS escapes split the word: isSafeCss),
 * the XML prolog and any DTD (entities are never expanded: the text is parsed as HTML).
 * The result is serialised as XML so it still renders as a standalone image/svg+xml file.
 */
import type { DOMPurify as Purifier } from "dompurify";

import { svgRootIndex } from "./file-type.server";

type Sanitiser = { purify: Purifier; serialize: (node: Node) => string };
let instance: Promise<Sanitiser> | undefined;

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;
const URL_REFERENCE = /url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi;
const LINK_ATTRIBUTES = new Set(["href", "xlink:href", "src"]);
/**
 * CSS that runs code (IE's expression() and behavior, Firefox's -moz-binding, javascript: URLs)
 * or loads from elsewhere without url() (@import, image-set(), image(), cross-fade(), src()).
 */
const UNSAFE_CSS =
  /expression\s*\(|@import|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|image-set\s*\(|(?:^|[^a-z-])(?:image|cross-fade|src)\s*\(/;

const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "");

/** CSS escapes as the browser reads them: `\65 ` and `\000065` are "e", `\r` is "r", an escaped newline is nothing. */
function decodeEscapes(css: string): string {
  return css.replace(
    /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi,
    (_m, hex?: string, _nl?: string, char?: string) => {
      if (hex) {
        const code = parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code);
      }
      return char ?? "";
    },
  );
}

/**
 * True when CSS text (a style attribute, a presentation attribute, a <style> element) is safe:
 * every url(...) points inside the document ("#id") and nothing runs code or loads from
 * elsewhere. Checked on the text as written and as the browser reads it (comments removed, CSS
 * escapes decoded, in either order), so a comment or an escape cannot split a word past the check.
 */
export function isSafeCss(text: string): boolean {
  const readings = new Set([text, decodeEscapes(stripComments(text)), stripComments(decodeEscapes(text))].map((t) => t.toLowerCase()));
  for (const reading of readings) {
    if (UNSAFE_CSS.test(reading)) return false;
    for (const match of reading.matchAll(URL_REFERENCE)) if (!match[2].startsWith("#")) return false;
  }
  return true;
}

function createSanitiser(): Promise<Sanitiser> {
  return (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const { window } = new JSDOM("");
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("uponSanitizeElement", (node, data) => {
      if (data.tagName === "style" && !isSafeCss(node.textContent ?? "")) node.parentNode?.removeChild(node);
    });
    purify.addHook("afterSanitizeAttributes", (node) => {
      for (const attr of [...node.attributes]) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim();
        if (LINK_ATTRIBUTES.has(name)) {
          if (!(value.startsWith("#") || SAFE_DATA_IMAGE.test(value))) node.removeAttribute(attr.name);
        } else if (!isSafeCss(value)) {
          node.removeAttribute(attr.name);
        }
      }
    });
    const serializer = new window.XMLSerializer();
    return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
  })();
}

/** The sanitised SVG, or null when the file is not an SVG or nothing drawable remains. */
export async function sanitizeSvg(text: string): Promise<string | null> {
  const start = svgRootIndex(text);
  if (start === -1) return null;
  instance ??= createSanitiser();
  const { purify, serialize } = await instance;
  const fragment = purify.sanitize(text.slice(start), {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ["foreignObject", "script", "use", "animate", "set", "animateMotion", "animateTransform"],
  });
  const root = fragment.firstElementChild;
  if (!root || root.localName !== "svg" || root.namespaceURI !== "http://www.w3.org/2000/svg") return null;
  // Only the root element is kept: text or elements the HTML parser put after it are dropped.
  if (root.childElementCount === 0) return null;
  return `${serialize(root)}\n`;
}
