/**
 * First paint before hydration (ADR 013, docs/requirements/public-site.md#performance-and-accessibility).
 *
 * React Router's <Scripts> puts a <link rel="modulepreload"> for every module of the page in
 * <head> and a module script that imports the route modules at once: on a slow connection those
 * downloads compete with the stylesheet for the first paint. This rewrites the document as the
 * server sends it (also the pages it renders into memory, which go through app/entry.server.tsx):
 *
 * - every <link rel="modulepreload"> is dropped from the markup;
 * - the module script's static imports become dynamic imports that wait for a gate: the page
 *   loaded, painted and the browser idle, or the first interaction, whichever is first (`gate`);
 *   the preloads are added then, all at once, so the modules still download in parallel. The
 *   page hydrates at the visitor's first input (app/entry.client.tsx waits for it);
 * - a classic script at the top of <head> adds the web font before the first paint when the
 *   browser already has it; otherwise the page stays in the font's metric-matched fallback and
 *   the module script fetches the font for the next pages once the gate has opened
 *   (app/first-paint/web-font.ts).
 *
 * Until it hydrates the page works as without JavaScript: links, forms, the header's
 * no-JavaScript menus. The script keeps its nonce (pages rendered per request); the inline
 * scripts of the pages served from memory are allowed by hashes of the final document (server/security-headers.ts, ADR 008).
 *
 * Everything else (the script's nonce, the route manifest, the data stream) is left as it is.
 * A document without React Router's module script is passed through untouched.
 */
import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

import {
  FIRST_PAGE_VIEW,
  loadTagManager,
  noteVisit,
  PRIVATE_PATH,
  pushFirstPageView,
  TAG_MANAGER_SCRIPT_ID,
  VISIT_KEY,
} from "~/analytics/analytics";
import { HEADER_SHADOW_THRESHOLD_PX } from "~/config/ui";
import { ENDPOINT as INSIGHTS_ENDPOINT, INSIGHTS_RUNNING, sendUnhydratedPageView } from "~/insights/insights-beacon";

import { REPLAY_EARLY_CLICKS } from "./early-clicks";
import { HYDRATE_ON, HYDRATE_WHEN, MENU_READY, TAP_ENDS, TAP_WAIT_MS } from "./hydration-gate";
import { watchScrollMarks } from "./scroll-marks";
import { NOTE_TYPED_VALUES } from "./typed-before-hydration";
import {
  fontFaceSource,
  WEB_FONT_APPLIED,
  WEB_FONT_FACES,
  WEB_FONT_FAMILY,
  WEB_FONT_KEY,
  WEB_FONT_VERSION,
  WEB_FONT_WEIGHT,
} from "./web-font";

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const HEAD = /<head\b[^>]*>/;
/** The <meta charset> at the very start of <head>, as React renders it. */
const CHARSET = /^<meta\b[^>]*\bcharset=[^>]*>/i;
const NONCE = /\bnonce="([^"]*)"/;
const BOOT_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*("[^"\\]+")\s*;?/g;
const BARE_IMPORT = /(^|[;\n])\s*import\s*("[^"\\]+")\s*;?/g;

/** The private paths (nothing is measured there, `isTrackedPath`), as a script literal. */
const PRIVATE_PATH_LITERAL = PRIVATE_PATH.toString();

/** A value as a script literal (JSON with "<" escaped: it cannot close the element). */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The classic script at the top of <head>: the faces before the first paint, when the browser
 * has the font (the same as `webFontCached() && addWebFont("optional")`, written out because it
 * must run before any module), the note of text typed before hydration
 * (app/first-paint/typed-before-hydration.ts), the replay of clicks made before it
 * (app/first-paint/early-clicks.ts), the header's scroll marks (`watchScrollMarks`, app/first-paint/scroll-marks.ts)
 * and, on a public page, the note of the visit's landing page and campaign (`noteVisit`,
 * app/analytics/analytics.ts). The same text for every page: made once.
 */
const HEAD_SCRIPT =
  `try{if(localStorage.getItem(${literal(WEB_FONT_KEY)})===${literal(WEB_FONT_VERSION)}){` +
  `for(const[s,u]of ${literal(WEB_FONT_FACES.map((f) => [fontFaceSource(f.src), f.unicodeRange]))})` +
  `document.fonts.add(new FontFace(${literal(WEB_FONT_FAMILY)},s,{weight:${literal(WEB_FONT_WEIGHT)},display:"optional",unicodeRange:u}));` +
  `document.documentElement.dataset.${WEB_FONT_APPLIED}=""}}catch{}` +
  NOTE_TYPED_VALUES +
  REPLAY_EARLY_CLICKS +
  `(${String(watchScrollMarks)})(${HEADER_SHADOW_THRESHOLD_PX});` +
  `if(!${PRIVATE_PATH_LITERAL}.test(location.pathname))(${String(noteVisit)})(${literal(VISIT_KEY)});`;

export const headScript = (): string => HEAD_SCRIPT;

/**
 * A statement for the module script, run once the page is idle after its first paint: fetch the
 * font's Latin file (other ranges load when a page uses them) without using it on this page, then
 * remember that the browser has it. Made once, like the head script.
 */
const LOAD_WEB_FONT_LATER =
  `if(!(${literal(WEB_FONT_APPLIED)} in document.documentElement.dataset))new FontFace(${literal(WEB_FONT_FAMILY)},${literal(fontFaceSource(WEB_FONT_FACES[0].src))},{weight:${literal(WEB_FONT_WEIGHT)},unicodeRange:${literal(WEB_FONT_FACES[0].unicodeRange)}}).load()` +
  `.then(()=>{try{localStorage.setItem(${literal(WEB_FONT_KEY)},${literal(WEB_FONT_VERSION)})}catch{}},()=>{});\n`;

export const loadWebFontLater = (): string => LOAD_WEB_FONT_LATER;

/**
 * The gate's first statements, made once: a page left before Insights' sender runs sends its view
 * (`pagehide`); the page view of the document's own page goes to dataLayer at once, touched or not.
 */
const PAGE_VIEW_STATEMENTS =
  `addEventListener("pagehide",()=>{if(!window[${literal(INSIGHTS_RUNNING)}])(${String(sendUnhydratedPageView)})(${literal(INSIGHTS_ENDPOINT)},${PRIVATE_PATH_LITERAL})},{once:true});\n` +
  `(${String(pushFirstPageView)})(${literal(FIRST_PAGE_VIEW)},${PRIVATE_PATH_LITERAL});\n`;

/** The statement that loads the tag manager (`loadTagManager`, app/analytics/analytics.ts), or nothing without a container. */
const tagManagerStatement = (gtmId: string | null | undefined) =>
  gtmId ? `(${String(loadTagManager)})(${literal(gtmId)}, ${literal(TAG_MANAGER_SCRIPT_ID)}, ${PRIVATE_PATH_LITERAL});\n` : "";

/**
 * The gate, at the top of the module script.
 *
 * - At once: the page view goes to dataLayer; a page left before Insights' sender runs sends its
 *   view on `pagehide` (app/insights/insights-beacon.ts).
 * - Once the page has loaded, painted (the first contentful paint) and the browser is idle: the
 *   closed side menu is laid out (`MENU_READY`), the web font is fetched for the next pages, the
 *   tag manager loads when there is one, and the page's modules are fetched and evaluated (the
 *   preloads, then the imports), so that the visitor's first touch costs their execution only.
 *   Evaluating them starts Web Vitals and Insights' sender (app/entry.client.tsx), not hydration.
 * - At the visitor's first pointer, touch, wheel, key or focus, once that input's tap is over and
 *   its frame painted (`TAP_ENDS`): `HYDRATE_WHEN` settles and the page hydrates (the modules are
 *   fetched then, if the page was not idle yet). Until then its controls work as sent (native
 *   popovers, disclosures, links and forms), and a page nobody touches is never hydrated.
 */
function gate(preloads: readonly string[], gtmId: string | null | undefined): string {
  return (
    PAGE_VIEW_STATEMENTS +
    `const painted=new Promise(resolve=>{` +
    `try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();resolve()}}).observe({type:"paint",buffered:true})}` +
    `catch{requestAnimationFrame(()=>setTimeout(resolve,0))}` +
    `setTimeout(resolve,3000)});\n` +
    `const loaded=document.readyState==="complete"?null:new Promise(r=>addEventListener("load",r,{once:true}));\n` +
    `const idle=Promise.all([painted,loaded]).then(()=>new Promise(r=>(window.requestIdleCallback?requestIdleCallback(r,{timeout:2000}):setTimeout(r,200))));\n` +
    `idle.then(()=>{document.documentElement.dataset.${MENU_READY}="";\n${loadWebFontLater()}${tagManagerStatement(gtmId)}});\n` +
    `const hydrateWhen=window[${literal(HYDRATE_WHEN)}]=Promise.all([painted,new Promise(resolve=>{` +
    `const events=${literal(HYDRATE_ON)};` +
    `const afterFrame=()=>requestAnimationFrame(()=>setTimeout(resolve,0));` +
    `const go=event=>{events.forEach(e=>removeEventListener(e,go,true));` +
    `if(event.type!=="pointerdown"&&event.type!=="touchstart")return afterFrame();` +
    `const ends=${literal(TAP_ENDS)};` +
    `const end=()=>{clearTimeout(timer);ends.forEach(e=>removeEventListener(e,end,true));afterFrame()};` +
    `const timer=setTimeout(end,${TAP_WAIT_MS});` +
    `ends.forEach(e=>addEventListener(e,end,{capture:true,passive:true}))};` +
    `events.forEach(e=>addEventListener(e,go,{capture:true,passive:true}))})]);\n` +
    `await Promise.race([idle,hydrateWhen]);\n` +
    `for(const href of ${literal(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}\n`
  );
}

/**
 * React Router's route manifest in the module script, written as indented JSON: the same without
 * the indentation (a few hundred bytes of every page's first round trip, docs/benchmarks.md "First paint").
 */
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\})(;\s*window\.__reactRouterRouteModules)/;

function compactManifest(script: string): string {
  return script.replace(MANIFEST, (whole, before: string, json: string, after: string) => {
    try {
      return `${before}${JSON.stringify(JSON.parse(json)).replace(/</g, "\\u003c")}${after}`;
    } catch {
      return whole; // not the JSON it has always been: left as it is
    }
  });
}

/**
 * The module script's text with its static imports turned into dynamic ones behind the gate,
 * or null when it has none (nothing to defer).
 */
export function deferBootScript(script: string, preloads: readonly string[], gtmId?: string | null): string | null {
  const bindings: { name: string | null; url: string }[] = [];
  let rest = script.replace(NAMESPACE_IMPORT, (_, name: string, url: string) => {
    bindings.push({ name, url });
    return "";
  });
  rest = rest.replace(BARE_IMPORT, (_, before: string, url: string) => {
    bindings.push({ name: null, url });
    return before;
  });
  if (bindings.length === 0) return null;
  const names = bindings.map((b, i) => b.name ?? `_unused${i}`);
  return (
    gate(preloads, gtmId) +
    `const [${names.join(",")}]=await Promise.all([${bindings.map((b) => `import(${b.url})`).join(",")}]);\n` +
    compactManifest(rest)
  );
}

const unescapeAttribute = (value: string) => value.replace(/&amp;/g, "&");

/**
 * The document's beginning (up to and including React Router's module script) rewritten, or null
 * when that script is not in `html`.
 */
export function deferHydration(html: string, { immediate = false, gtmId }: DeferOptions = {}): string | null {
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot) return null;
  const withFont = (head: string) => withHeadScript(head, NONCE.exec(boot[1])?.[1]);
  if (immediate) {
    // A page behind sign-in: its scripts load as React Router wrote them (it is no first-paint
    // page, and an editor typed into before hydration could lose what was typed); the web font
    // is fetched at once for the next pages.
    const head = withFont(html.slice(0, boot.index));
    return `${head}${boot[1]}${loadWebFontLater()}${boot[2]}${boot[3]}${html.slice(boot.index + boot[0].length)}`;
  }
  const preloads: string[] = [];
  const withoutPreloads = (text: string) =>
    text.replace(MODULEPRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href && !preloads.includes(unescapeAttribute(href))) preloads.push(unescapeAttribute(href));
      return "";
    });
  const before = withFont(withoutPreloads(html.slice(0, boot.index)));
  const after = withoutPreloads(html.slice(boot.index + boot[0].length));
  const script = deferBootScript(boot[2], preloads, gtmId);
  if (script === null) return null;
  return `${before}${boot[1]}${script}${boot[3]}${after}`;
}

/**
 * `html` with the web font's head script (app/first-paint/web-font.ts) early in its <head>: right after
 * the character set declaration (which must come first), before any stylesheet.
 */
function withHeadScript(html: string, nonce: string | undefined): string {
  const head = HEAD.exec(html);
  if (!head) return html;
  const charset = CHARSET.exec(html.slice(head.index + head[0].length));
  const at = head.index + head[0].length + (charset ? charset.index + charset[0].length : 0);
  return `${html.slice(0, at)}<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${headScript()}</script>${html.slice(at)}`;
}

export interface DeferOptions {
  /** Hydrate as React Router wrote it (the pages behind sign-in); only the web font is added at once. */
  immediate?: boolean;
  /** The tag manager's container (GTM_ID): the gate loads it once the page is idle, on a public page. */
  gtmId?: string | null;
}

/** The opening tag of React Router's module script. */
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"/;
const SCRIPT_END = "</script>";

/**
 * A stream of the document that holds back its beginning until React Router's module script
 * has gone by, rewrites that part (`deferHydration`), then passes the rest through as it comes.
 *
 * What arrives in one turn of the event loop leaves as one chunk (at the next `setImmediate`):
 * React writes a document in many small chunks at once, and the server flushes the compression
 * stream after each chunk it sends, so that streamed parts reach the browser at once. Each flush
 * costs a compression round on the thread pool and compresses worse (the login page: about 0.8 ms
 * of CPU and 6.5 KB in six chunks, 0.25 ms and 6.4 KB in one; gzip 8.1 KB against 6.4 KB). A part
 * React streams later (a Suspense boundary) still goes out as soon as it comes.
 */
export function deferHydrationStream(options: DeferOptions = {}): Transform {
  // The beginning, held until the module script's end: its bytes, and the same as text, decoded
  // chunk by chunk (a character cut between two chunks waits in the decoder). Only `window`, the
  // text from where the script's tag may still begin, is searched again as chunks come: the script
  // comes at the end of the body, after hundreds of React's chunks on a long page, and searching
  // (and decoding) everything held at each chunk took time in the square of the page's length
  // (40 ms of a 130 ms answer for an admin list of a thousand rows: `npm run bench`, phase `content`).
  const held: Buffer[] = [];
  const decoded: string[] = [];
  const decoder = new StringDecoder("utf8");
  let window = "";
  /** Where `window` starts in the text held. */
  let windowAt = 0;
  let tagFound = false;
  let done = false;
  let pending: Buffer[] = [];
  let timer: NodeJS.Immediate | undefined;
  const release = (stream: Transform) => {
    if (timer) clearImmediate(timer);
    timer = undefined;
    if (pending.length) stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const send = (stream: Transform, data: Buffer | string) => {
    if (data.length === 0) return;
    pending.push(typeof data === "string" ? Buffer.from(data, "utf8") : data);
    timer ??= setImmediate(() => release(stream));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (done) {
        send(this, chunk);
        return callback();
      }
      held.push(chunk);
      const text = decoder.write(chunk);
      decoded.push(text);
      window += text;
      if (!tagFound) {
        const tag = MODULE_SCRIPT.exec(window);
        if (!tag) {
          // Every tag that began before the last ">" was seen whole: the script's can only begin at a later "<".
          const next = window.indexOf("<", window.lastIndexOf(">") + 1);
          const cut = next < 0 ? window.length : next;
          window = window.slice(cut);
          windowAt += cut;
          return callback();
        }
        tagFound = true;
        window = window.slice(tag.index);
        windowAt += tag.index;
      }
      const close = window.indexOf(SCRIPT_END);
      if (close < 0) return callback();
      done = true;
      const bytes = Buffer.concat(held);
      const head = decoded.join("").slice(0, windowAt + close + SCRIPT_END.length);
      held.length = 0;
      decoded.length = 0;
      window = "";
      send(this, deferHydration(head, options) ?? head);
      send(this, bytes.subarray(Buffer.byteLength(head, "utf8")));
      callback();
    },
    flush(callback: TransformCallback) {
      if (!done && held.length) {
        const text = Buffer.concat(held).toString("utf8");
        send(this, deferHydration(text, options) ?? text);
      }
      release(this);
      callback();
    },
    destroy(error: Error | null, callback: (error: Error | null) => void) {
      if (timer) clearImmediate(timer);
      timer = undefined;
      callback(error);
    },
  });
}
