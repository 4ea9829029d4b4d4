/**
 * First paint before hydration (ADR 013, docs/requirements.md#performance-and-accessibility).
 *
 * React Router's <Scripts> puts a <link rel="modulepreload"> for every module of the page in
 * <head> and a module script that imports the route modules at once: on a slow connection those
 * downloads compete with the stylesheet for the first paint. This rewrites the document as the
 * server sends it (also when prerendering, which renders through app/entry.server.tsx):
 *
 * - every <link rel="modulepreload"> is dropped from the markup;
 * - the module script's static imports become dynamic imports that wait for a gate: the page
 *   loaded, painted and the browser idle, or the first interaction (`gate`); the preloads are
 *   added then, all at once, so the modules still download in parallel;
 * - the gate also adds the web font's stylesheet (root.tsx's <noscript> copy, marked
 *   data-after-first-paint) once the first contentful paint is done: until then text is in the
 *   metric-matched fallback face "Inter Fallback" (app/app.css), so the swap moves nothing.
 *
 * Until the gate opens the page works as without JavaScript: links, forms, the header's
 * no-JavaScript menus. The script keeps its nonce (rendered pages); prerendered pages' inline
 * scripts are allowed by hashes of the final file (server/security-headers.ts, ADR 008).
 *
 * Everything else (the script's nonce, the route manifest, the data stream) is left as it is.
 * A document without React Router's module script is passed through untouched.
 */
import { Transform, type TransformCallback } from "node:stream";

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
/** The stylesheets to add after the first paint: root.tsx renders them in <noscript> with this mark. */
const AFTER_PAINT_STYLESHEET = /<link\b[^>]*\bdata-after-first-paint\b[^>]*>/g;
const BOOT_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+([\w$]+)\s+from\s*("[^"\\]+")\s*;?/g;
const BARE_IMPORT = /(^|[;\n])\s*import\s*("[^"\\]+")\s*;?/g;

/** Events that start hydration at once: the visitor is about to use the page. */
export const HYDRATE_ON = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

/** A list of same-origin paths as a script literal ("<" escaped: it cannot close the element). */
const literal = (value: readonly string[]) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The gate, at the top of the module script: the stylesheets (the web font) go in once the first
 * contentful paint is done; the rest waits until the page has loaded, painted and the browser is
 * idle, or the first pointer, touch, key or focus, whichever comes first. Each wait has a
 * timeout, so a page in a background tab (no paint, no idle time) still gets there.
 */
function gate(stylesheets: readonly string[], preloads: readonly string[]): string {
  return `const painted = new Promise((resolve) => {
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); resolve(); }
    }).observe({ type: "paint", buffered: true });
  } catch { requestAnimationFrame(() => setTimeout(resolve, 0)); }
  setTimeout(resolve, 3000);
});
painted.then(() => setTimeout(() => {
  for (const href of ${literal(stylesheets)}) { const link = document.createElement("link"); link.rel = "stylesheet"; link.href = href; document.head.append(link); }
}, 0));
await new Promise((resolve) => {
  const events = ${literal(HYDRATE_ON)};
  const go = () => { events.forEach((e) => removeEventListener(e, go, true)); resolve(); };
  events.forEach((e) => addEventListener(e, go, { capture: true, passive: true }));
  const loaded = document.readyState === "complete" ? null : new Promise((r) => addEventListener("load", r, { once: true }));
  Promise.all([painted, loaded]).then(() => (window.requestIdleCallback ? requestIdleCallback(go, { timeout: 2000 }) : setTimeout(go, 200)));
  setTimeout(go, 10000);
});
for (const href of ${literal(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }
`;
}

/**
 * The module script's text with its static imports turned into dynamic ones behind the gate,
 * or null when it has none (nothing to defer).
 */
export function deferBootScript(script: string, preloads: readonly string[], stylesheets: readonly string[] = []): string | null {
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
    gate(stylesheets, preloads) +
    `const [${names.join(", ")}] = await Promise.all([${bindings.map((b) => `import(${b.url})`).join(", ")}]);\n` +
    rest
  );
}

const unescapeAttribute = (value: string) => value.replace(/&amp;/g, "&");

/**
 * The document's beginning (up to and including React Router's module script) rewritten, or null
 * when that script is not in `html`.
 */
export function deferHydration(html: string, { immediate = false }: DeferOptions = {}): string | null {
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot) return null;
  if (immediate) {
    // A page behind sign-in: its scripts load as React Router wrote them (it is no first-paint
    // page, and an editor typed into before hydration could lose what was typed); only the web
    // font's stylesheet, which root.tsx leaves to this script, is added at once.
    const head = html.slice(0, boot.index);
    const addFont = `for (const href of ${literal(afterPaintStylesheets(head))}) { const link = document.createElement("link"); link.rel = "stylesheet"; link.href = href; document.head.append(link); }\n`;
    return `${head}${boot[1]}${addFont}${boot[2]}${boot[3]}${html.slice(boot.index + boot[0].length)}`;
  }
  const preloads: string[] = [];
  const withoutPreloads = (text: string) =>
    text.replace(MODULEPRELOAD, (tag) => {
      const href = HREF.exec(tag)?.[1];
      if (href && !preloads.includes(unescapeAttribute(href))) preloads.push(unescapeAttribute(href));
      return "";
    });
  const before = withoutPreloads(html.slice(0, boot.index));
  const after = withoutPreloads(html.slice(boot.index + boot[0].length));
  const stylesheets = afterPaintStylesheets(before);
  const script = deferBootScript(boot[2], preloads, stylesheets);
  if (script === null) return null;
  return `${before}${boot[1]}${script}${boot[3]}${after}`;
}

/** The stylesheets root.tsx marks for after the first paint (the web font), in `head`. */
function afterPaintStylesheets(head: string): string[] {
  return [...head.matchAll(AFTER_PAINT_STYLESHEET)].flatMap((m) => {
    const href = HREF.exec(m[0])?.[1];
    return href ? [unescapeAttribute(href)] : [];
  });
}

export interface DeferOptions {
  /** Hydrate as React Router wrote it (the pages behind sign-in); only the web font is added at once. */
  immediate?: boolean;
}

/** Where React Router's module script ends in `text` (just after its </script>), or -1. */
function bootScriptEnd(text: string): number {
  const start = text.search(/<script\b[^>]*\btype="module"/);
  if (start < 0) return -1;
  const close = text.indexOf("</script>", start);
  return close < 0 ? -1 : close + "</script>".length;
}

/**
 * A stream of the document that holds back its beginning until React Router's module script
 * has gone by, rewrites that part (`deferHydration`), then passes the rest through as it comes.
 */
export function deferHydrationStream(options: DeferOptions = {}): Transform {
  const held: Buffer[] = [];
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (done) return callback(null, chunk);
      held.push(chunk);
      const bytes = Buffer.concat(held);
      // A character cut at the end of the bytes only spoils the text after the script's end.
      const end = bootScriptEnd(bytes.toString("utf8"));
      if (end < 0) return callback();
      done = true;
      held.length = 0;
      const head = bytes.toString("utf8").slice(0, end);
      this.push(deferHydration(head, options) ?? head);
      const tail = bytes.subarray(Buffer.byteLength(head, "utf8"));
      callback(null, tail.length ? tail : undefined);
    },
    flush(callback: TransformCallback) {
      if (!done && held.length) {
        const text = Buffer.concat(held).toString("utf8");
        this.push(deferHydration(text, options) ?? text);
      }
      callback();
    },
  });
}
