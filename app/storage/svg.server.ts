/**
 * SVG sanitising with DOMPurify on a jsdom window (made once, on the first SVG). Kept: drawing
 * elements and filters (DOMPurify's svg and svgFilters profiles). Removed: script,
 * foreignObject, event handlers, every link or reference that leaves the file (href other than
 * "#id" or an embedded PNG/JPEG/GIF/WebP/AVIF data: URL; url(...) other than "#id"; @import),
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

/** True when every url(...) in the text points inside the document ("#id"). */
function onlyLocalUrls(text: string): boolean {
  for (const match of text.matchAll(URL_REFERENCE)) if (!match[2].startsWith("#")) return false;
  return !/@import|expression\s*\(|javascript:/i.test(text);
}

function createSanitiser(): Promise<Sanitiser> {
  return (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const { window } = new JSDOM("");
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("uponSanitizeElement", (node, data) => {
      if (data.tagName === "style" && !onlyLocalUrls(node.textContent ?? "")) node.parentNode?.removeChild(node);
    });
    purify.addHook("afterSanitizeAttributes", (node) => {
      for (const attr of [...node.attributes]) {
        const name = attr.name.toLowerCase();
        const value = attr.value.trim();
        if (LINK_ATTRIBUTES.has(name)) {
          if (!(value.startsWith("#") || SAFE_DATA_IMAGE.test(value))) node.removeAttribute(attr.name);
        } else if (/url\s*\(|@import|javascript:/i.test(value) && !onlyLocalUrls(value)) {
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
