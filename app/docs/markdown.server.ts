/**
 * The one Markdown renderer of the document library (issue #5): `marked` (GitHub-flavoured) to
 * HTML, then DOMPurify on a jsdom window with an allow-list. Used by the viewers and by the
 * editor's live preview, so what an administrator previews is exactly what readers get.
 * No script, event handler, style, frame, SVG or javascript:/data: URL survives, and images load
 * from this site only (an image from another host could tell its owner who reads what): any other
 * image is replaced by its alt text, "[Image from another site not shown: ...]".
 */
import type { DOMPurify } from "dompurify";
import { Marked, type Tokens } from "marked";
import { env } from "~/env.server";
import { BODY_MAX } from "./document-rules";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "b",
  "i",
  "del",
  "s",
  "ins",
  "mark",
  "sub",
  "sup",
  "small",
  "kbd",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "details",
  "summary",
  "abbr",
];
const ALLOWED_ATTR = ["href", "src", "alt", "title", "id", "class", "colspan", "rowspan", "start", "open"];
/** Classes the renderer itself emits: table alignment and code languages. Any other class is dropped. */
const CLASS_PATTERN = /^(align-(left|center|right)|language-[a-z0-9+#-]{1,30})$/;
/** Ids only on headings (anchors), and only of this shape. */
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** Ids the page around a document already uses. */
const RESERVED_IDS = new Set(["main"]);

/**
 * The URL rule for links (kind "link") and images (kind "image"): http(s) for both; mailto: and
 * tel: for links; relative URLs and #anchors. Control characters and whitespace are removed
 * first, as browsers do when they read a scheme ("java\tscript:" is still javascript:).
 */
export function isSafeUrl(value: string, kind: "link" | "image"): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u3000\ufeff]/g, "");
  if (!compact) return false;
  if (compact.startsWith("\\") || compact.startsWith("/\\")) return false; // "\\host" is a host to browsers
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (!scheme) return true; // relative: /path, ../path, ?query, #anchor, //host (http or https, as the page)
  if (scheme === "http" || scheme === "https") return true;
  return kind === "link" && (scheme === "mailto" || scheme === "tel");
}

/**
 * The address to show an image from, or null when it is not on this site: relative URLs stay as
 * they are; absolute ones on the site's own origin (SITE_URL, as the graphics manager copies
 * them) become paths, so they load from whatever host serves the page. Any other host, including
 * the site's host over another scheme, is refused. Call only with URLs `isSafeUrl` accepts.
 */
export function sameSiteImageSrc(src: string, siteOrigin: string): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = src.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u3000\ufeff]/g, "");
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(compact) || /^[\\/]{2}/.test(compact);
  if (!absolute && !compact.includes("\\")) return src;
  let url: URL;
  try {
    url = new URL(compact, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The text that stands for an image from another site, with its description when it had one. */
export function removedImageText(alt: string | null): string {
  const description = alt?.replace(/\s+/g, " ").trim();
  return description ? `[Image from another site not shown: ${description}]` : "[Image from another site not shown]";
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}

function headingId(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/&[a-z0-9#]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * A Marked instance per render (heading ids are numbered per document). Headings move one level
 * down (# becomes <h2>): the page's <h1> is the document's title.
 */
function createMarked(shift = 1): Marked {
  const used = new Set(RESERVED_IDS);
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    walkTokens(token) {
      if (token.type === "heading") (token as Tokens.Heading).depth = Math.min(Math.max((token as Tokens.Heading).depth + shift, 2), 6);
    },
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const base = headingId(html) || "section";
        let id = base;
        for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
        used.add(id);
        return `<h${depth} id="${id}">${html}</h${depth}>\n`;
      },
      // A task list's box as text: a disabled form control without a label is an accessibility error.
      checkbox({ checked }) {
        return checked ? "☑ " : "☐ ";
      },
    },
  });
  return marked;
}

let purifier: Promise<DOMPurify> | undefined;
/** The site's origin for the sanitize call in progress (DOMPurify's hooks run synchronously inside it). */
let currentSiteOrigin = "";

/** DOMPurify on one jsdom window, created on first use and kept for the process. */
function getPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const purify = createDOMPurify(new JSDOM("<!DOCTYPE html>").window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("beforeSanitizeAttributes", (node) => {
      // Marked writes table alignment as the obsolete align attribute: keep it as a class.
      const align = node.getAttribute?.("align")?.toLowerCase();
      if (align && (node.tagName === "TH" || node.tagName === "TD") && ["left", "center", "right"].includes(align)) {
        node.setAttribute("class", `align-${align}`);
      }
    });
    purify.addHook("afterSanitizeAttributes", (node) => {
      const tag = node.tagName;
      if (!tag) return;
      const cls = node.getAttribute("class");
      if (cls !== null) {
        const kept = cls.split(/\s+/).filter((c) => CLASS_PATTERN.test(c));
        if (kept.length) node.setAttribute("class", kept.join(" "));
        else node.removeAttribute("class");
      }
      const id = node.getAttribute("id");
      if (id !== null && (!/^H[2-6]$/.test(tag) || !ID_PATTERN.test(id) || RESERVED_IDS.has(id))) node.removeAttribute("id");
      if (tag === "A") {
        const href = node.getAttribute("href");
        if (href !== null && !isSafeUrl(href, "link")) node.removeAttribute("href");
        else if (href !== null && isExternal(href)) node.setAttribute("rel", "noopener noreferrer");
      }
      if (tag === "IMG") {
        const src = node.getAttribute("src");
        if (src === null || !isSafeUrl(src, "image")) {
          node.remove();
          return;
        }
        const local = sameSiteImageSrc(src, currentSiteOrigin);
        if (local === null) {
          node.replaceWith(node.ownerDocument.createTextNode(removedImageText(node.getAttribute("alt"))));
          return;
        }
        node.setAttribute("src", local);
        node.setAttribute("loading", "lazy");
        node.setAttribute("decoding", "async");
        node.setAttribute("referrerpolicy", "no-referrer");
        if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
      }
      if (tag === "PRE") node.setAttribute("tabindex", "0"); // a scrolling code block is reachable by keyboard
    });
    return purify;
  })();
  return purifier;
}

export interface RenderOptions {
  /** The site's own origin, whose images are shown; default SITE_URL. */
  siteOrigin?: string;
  /**
   * The body's highest heading becomes <h2> whatever its level (a blog post written with "##" first),
   * so headings never skip a level after the page's <h1>. Default: every heading one level down.
   */
  topHeadingH2?: boolean;
}

/** Sanitises HTML with the library's allow-list (exported for tests and for raw HTML). */
export async function sanitizeHtml(html: string, options: RenderOptions = {}): Promise<string> {
  const purify = await getPurifier();
  currentSiteOrigin = options.siteOrigin ?? env().SITE_URL;
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    // The hook above is the real rule; this one is DOMPurify's own first line, narrowed the same way.
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    KEEP_CONTENT: true,
    SANITIZE_DOM: true,
  });
}

/** Markdown source → safe HTML. */
export async function renderMarkdown(markdown: string, options: RenderOptions = {}): Promise<string> {
  const source = markdown.slice(0, BODY_MAX);
  let shift = 1;
  if (options.topHeadingH2) {
    const depths = new Marked({ gfm: true }).lexer(source).flatMap((t) => (t.type === "heading" ? [(t as Tokens.Heading).depth] : []));
    if (depths.length) shift = 2 - Math.min(...depths);
  }
  const html = createMarked(shift).parse(source) as string;
  return sanitizeHtml(html, options);
}
