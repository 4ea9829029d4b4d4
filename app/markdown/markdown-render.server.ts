/**
 * The one Markdown renderer of the document library and the blog: `marked` (GitHub-flavoured) to
 * HTML, then DOMPurify on a jsdom window with an allow-list. It runs in the renderer's worker
 * thread (markdown-worker.server.ts) for the server, and in-process for tests; the rest of the
 * site calls markdown.server.ts. What an administrator previews is exactly what readers get.
 * No script, event handler, style, frame, SVG or javascript:/data: URL survives, and images load
 * from this site only (an image from another host could tell its owner who reads what): any other
 * image is replaced by its alt text, "[Image from another site not shown: ...]".
 *
 * Bounded (ADR 017, docs/requirements/blog-and-documents.md#documents): nesting depth, inline nesting, how far an
 * emphasis, link or tag is looked for, emphasis openers per paragraph and table width are capped
 * (what is past a cap is shown as text), and a deadline stops a render that takes too long.
 * No import of the environment: this module also runs in the worker.
 */
import type { DOMPurify } from "dompurify";
import { Lexer, Marked, Tokenizer, type Links, type MarkedOptions, type Token, type Tokens, type TokensList } from "marked";

import { MARKDOWN_MAX } from "./limits";

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

/** Characters a browser drops from a URL before reading it (controls, spaces, invisible ones). */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * The URL rule for links (kind "link") and images (kind "image"): http(s) for both; mailto: and
 * tel: for links; relative URLs and #anchors. Control characters and whitespace are removed
 * first, as browsers do when they read a scheme ("java\tscript:" is still javascript:).
 */
export function isSafeUrl(value: string, kind: "link" | "image"): boolean {
  const compact = value.replace(IGNORED_IN_URLS, "");
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
  const compact = src.replace(IGNORED_IN_URLS, "");
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

/** Blockquotes and lists inside one another: deeper markers are shown as text. */
export const MAX_BLOCK_NESTING = 16;
/** Emphasis, strikethrough and links inside one another: deeper ones are shown as text. */
export const MAX_INLINE_NESTING = 12;
/** How far (characters) the closing of an emphasis, or the end of a link or tag, is looked for. */
export const INLINE_SCAN_WINDOW = 4000;
/**
 * How far a run of text, or a bare URL or e-mail address, is read at once: marked looks ahead
 * for an "@" at every word, which is quadratic in a long run of word characters. Longer text is
 * read in pieces and joined again; a longer bare URL is linked up to this length.
 */
export const TEXT_SCAN_WINDOW = 1000;
/** Emphasis openers tried per paragraph (or heading, cell, list item); later ones are text. */
export const MAX_EMPHASIS_OPENERS = 1000;
/** Columns of a table; a wider one is shown as text. */
export const MAX_TABLE_COLUMNS = 100;

/** A render that went past its deadline. */
export class RenderTimeoutError extends Error {
  constructor() {
    super("Rendering took too long.");
    this.name = "RenderTimeoutError";
  }
}

/** Characters of `maskedSrc` kept before the current position (the emphasis rules look back a little). */
const LOOK_BEHIND = 64;

/**
 * marked's tokenizer with bounds: each method that recurses counts its depth, and those that scan
 * forward see a window of the text, so no input costs more than about linear work. Normal text
 * never reaches a bound, and renders exactly as before.
 */
class BoundedTokenizer extends Tokenizer {
  blockDepth = 0;
  inlineDepth = 0;
  openers = 0;
  constructor(
    options: MarkedOptions,
    private readonly deadline: number,
  ) {
    super(options);
  }
  tick() {
    if (performance.now() > this.deadline) throw new RenderTimeoutError();
  }
  private nestedBlock<T>(read: () => T): T | undefined {
    if (this.blockDepth >= MAX_BLOCK_NESTING) return undefined;
    this.tick();
    this.blockDepth++;
    try {
      return read();
    } finally {
      this.blockDepth--;
    }
  }
  private nestedInline<T>(read: () => T): T | undefined {
    if (this.inlineDepth >= MAX_INLINE_NESTING) return undefined;
    this.inlineDepth++;
    try {
      return read();
    } finally {
      this.inlineDepth--;
    }
  }
  /** The same call on at most INLINE_SCAN_WINDOW characters from here (and a few before, in the mask). */
  private windowed<T>(src: string, maskedSrc: string, read: (src: string, masked: string) => T): T {
    if (src.length <= INLINE_SCAN_WINDOW) return read(src, maskedSrc);
    const at = maskedSrc.length - src.length;
    const from = Math.max(0, at - LOOK_BEHIND);
    return read(src.slice(0, INLINE_SCAN_WINDOW), maskedSrc.slice(from, at + INLINE_SCAN_WINDOW));
  }
  blockquote(src: string) {
    return this.nestedBlock(() => super.blockquote(src));
  }
  list(src: string) {
    return this.nestedBlock(() => super.list(src));
  }
  table(src: string) {
    const header = src.slice(0, src.indexOf("\n") >>> 0);
    let pipes = 0;
    for (let i = header.indexOf("|"); i !== -1 && pipes <= MAX_TABLE_COLUMNS; i = header.indexOf("|", i + 1)) pipes++;
    if (pipes > MAX_TABLE_COLUMNS) return undefined;
    return super.table(src);
  }
  paragraph(src: string) {
    this.tick();
    return super.paragraph(src);
  }
  inlineText(src: string) {
    this.tick();
    return super.inlineText(src.slice(0, TEXT_SCAN_WINDOW));
  }
  url(src: string) {
    return super.url(src.slice(0, TEXT_SCAN_WINDOW));
  }
  emStrong(src: string, maskedSrc: string, prevChar?: string) {
    if (src[0] !== "*" && src[0] !== "_") return undefined; // marked tries this at every token
    if (this.openers >= MAX_EMPHASIS_OPENERS) return undefined;
    this.openers++;
    this.tick();
    return this.nestedInline(() => this.windowed(src, maskedSrc, (s, m) => super.emStrong(s, m, prevChar)));
  }
  del(src: string, maskedSrc: string, prevChar?: string) {
    if (src[0] !== "~") return undefined;
    if (this.openers >= MAX_EMPHASIS_OPENERS) return undefined;
    this.openers++;
    this.tick();
    return this.nestedInline(() => this.windowed(src, maskedSrc, (s, m) => super.del(s, m, prevChar)));
  }
  link(src: string) {
    this.tick();
    return this.nestedInline(() => super.link(src.slice(0, INLINE_SCAN_WINDOW)));
  }
  reflink(src: string, links: Links) {
    this.tick();
    return this.nestedInline(() => super.reflink(src.slice(0, INLINE_SCAN_WINDOW), links));
  }
  tag(src: string) {
    return super.tag(src.slice(0, INLINE_SCAN_WINDOW));
  }
  autolink(src: string) {
    return super.autolink(src.slice(0, INLINE_SCAN_WINDOW));
  }
}

/** marked's lexer, counting emphasis openers per inline run (a paragraph, heading, cell or item). */
class BoundedLexer extends Lexer {
  constructor(private readonly bounded: BoundedTokenizer & MarkedOptions["tokenizer"]) {
    super({ gfm: true, breaks: false, async: false, tokenizer: bounded });
  }
  inlineTokens(src: string, tokens: Token[] = []): Token[] {
    if (this.bounded.inlineDepth === 0) this.bounded.openers = 0;
    return super.inlineTokens(src, tokens);
  }
}

/**
 * A Marked instance per render (heading ids are numbered per document); it renders the tokens of
 * the bounded lexer. Headings move `shift` levels (# becomes <h2> by default): the page's <h1> is
 * the document's title.
 */
function createMarked(): Marked {
  const used = new Set(RESERVED_IDS);
  /** The next number to try for each id (so a thousand equal headings cost no more than a thousand). */
  const next = new Map<string, number>();
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const html = this.parser.parseInline(tokens);
        const base = headingId(html) || "section";
        let id = base;
        let n = next.get(base) ?? 2;
        for (; used.has(id); n++) id = `${base}-${n}`;
        next.set(base, n);
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
/** When the sanitize call in progress must stop. */
let currentDeadline = Infinity;

/** DOMPurify on one jsdom window, created on first use and kept for the process. */
function getPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
    const purify = createDOMPurify(new JSDOM("<!DOCTYPE html>").window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook("uponSanitizeElement", () => {
      if (performance.now() > currentDeadline) throw new RenderTimeoutError();
    });
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
  /** The site's own origin, whose images are shown (SITE_URL). */
  siteOrigin: string;
  /**
   * The body's highest heading becomes <h2> whatever its level (a blog post written with "##" first),
   * so headings never skip a level after the page's <h1>. Default: every heading one level down.
   */
  topHeadingH2?: boolean;
  /** Milliseconds the render may take before RenderTimeoutError (default: no deadline). */
  timeLimitMs?: number;
}

/** Sanitises HTML with the library's allow-list (exported for tests and for raw HTML). */
export async function sanitizeHtml(html: string, options: RenderOptions, deadline = Infinity): Promise<string> {
  const purify = await getPurifier();
  currentSiteOrigin = options.siteOrigin;
  currentDeadline = deadline;
  try {
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
  } finally {
    currentDeadline = Infinity;
  }
}

/** Markdown source → safe HTML, within the bounds above. */
export async function renderMarkdown(markdown: string, options: RenderOptions): Promise<string> {
  const deadline = options.timeLimitMs === undefined ? Infinity : performance.now() + options.timeLimitMs;
  const source = markdown.slice(0, MARKDOWN_MAX);
  const marked = createMarked();
  const tokenizer = new BoundedTokenizer(marked.defaults, deadline);
  const tokens: TokensList = new BoundedLexer(tokenizer as BoundedTokenizer & MarkedOptions["tokenizer"]).lex(source);
  // The highest heading of the body itself (not one inside a list or quotation) sets the shift.
  let top = Infinity;
  for (const token of tokens) if (token.type === "heading") top = Math.min(top, (token as Tokens.Heading).depth);
  const shift = options.topHeadingH2 && top !== Infinity ? 2 - top : 1;
  marked.walkTokens(tokens, (token) => {
    if (token.type === "heading") (token as Tokens.Heading).depth = Math.min(Math.max((token as Tokens.Heading).depth + shift, 2), 6);
  });
  if (performance.now() > deadline) throw new RenderTimeoutError();
  const html = marked.parser(tokens);
  if (performance.now() > deadline) throw new RenderTimeoutError();
  return sanitizeHtml(html, options, deadline);
}
