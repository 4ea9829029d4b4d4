/**
 * The site's Markdown rendering (docs/requirements/blog-and-documents.md#documents, ADR 017): documents, blog posts
 * and the editors' live previews. The renderer itself is markdown-render.server.ts; here it runs in
 * one worker thread per process, one text at a time, with a time limit: a text that cannot be
 * rendered within RENDER_TIME_LIMIT_MS is refused (at save, with a message on the body) and the
 * worker is replaced if it does not stop by itself. Saved texts keep their HTML in the database,
 * so readers never wait for a render; a row without current HTML is rendered once, on first read.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

import { env } from "~/env.server";
import { log } from "~/lib/log.server";

import * as core from "./markdown-render.server";
import type { RenderAnswer, RenderJob } from "./markdown-worker.server";

export { isSafeUrl, removedImageText, sameSiteImageSrc } from "./markdown-render.server";

/** How long one render may take in the worker (docs/requirements/operations.md#constants). */
export const RENDER_TIME_LIMIT_MS = 2_000;
/** Renders waiting for the worker; more are refused (the editor asks to try again). */
export const RENDER_QUEUE_MAX = 16;
/**
 * Stored HTML is current when it was made by this renderer for this site: change the version
 * whenever the renderer's output or its rules change, and every stored rendering is made again
 * on its next read.
 */
export const RENDERER_VERSION = "1";

export const TOO_COMPLEX_MESSAGE = `This text takes too long to display (more than ${RENDER_TIME_LIMIT_MS / 1000} seconds to render), so it was not saved. Shorten it or split it in parts, and avoid very deep nesting and long runs of *, _, [ or < characters.`;
export const NOT_RENDERED_MESSAGE =
  "This text could not be rendered, so it was not saved. Simplify it (very deep nesting, long runs of the same character) and try again.";
export const BUSY_MESSAGE = "The server is rendering other texts just now: try again in a moment.";

export interface RenderSettings {
  /** The body's highest heading becomes <h2> (blog posts); default every heading one level down. */
  topHeadingH2?: boolean;
  /** Default RENDER_TIME_LIMIT_MS (tests use less). */
  timeLimitMs?: number;
}

/** Markdown → safe HTML in this thread, without a time limit: for tests. The server uses renderBounded. */
export function renderMarkdown(markdown: string, options: Partial<core.RenderOptions> = {}): Promise<string> {
  return core.renderMarkdown(markdown, { ...options, siteOrigin: options.siteOrigin ?? env().SITE_URL });
}

/** Sanitises HTML with the library's allow-list, in this thread (tests). */
export function sanitizeHtml(html: string, options: Partial<core.RenderOptions> = {}): Promise<string> {
  return core.sanitizeHtml(html, { siteOrigin: options.siteOrigin ?? env().SITE_URL });
}

/** What stored HTML must carry to be served as it is. */
export function rendererKey(siteOrigin = env().SITE_URL): string {
  return `${RENDERER_VERSION} ${siteOrigin}`;
}

export type Rendered = { ok: true; html: string; key: string } | { ok: false; reason: "timeout" | "error" | "busy"; message: string };

/** How the worker is started: the bundled script in a build, the TypeScript source (through tsx) otherwise. */
function startWorker(): Worker {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, "markdown-worker.js");
  if (existsSync(built)) return new Worker(built);
  const source = path.join(here, "markdown-worker.server.ts");
  // The ES module build of tsx's API (require.resolve finds its CommonJS twin beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(pathToFileURL(source).href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

interface Pending {
  job: RenderJob;
  resolve: (rendered: Rendered) => void;
  timer?: NodeJS.Timeout;
}

class RenderWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly queue: Pending[] = [];
  private current: Pending | undefined;
  private nextId = 1;

  render(markdown: string, options: core.RenderOptions): Promise<Rendered> {
    if (this.queue.length >= RENDER_QUEUE_MAX) return Promise.resolve({ ok: false, reason: "busy", message: BUSY_MESSAGE });
    return new Promise((resolve) => {
      this.queue.push({ job: { id: this.nextId++, markdown, options }, resolve });
      this.pump();
    });
  }

  private spawn(): Promise<void> {
    const worker = startWorker();
    worker.unref();
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off("message", onReady);
        resolve();
      };
      worker.on("message", onReady);
      worker.once("error", reject);
      worker.once("exit", () => reject(new Error("The Markdown worker stopped while starting.")));
    });
    worker.on("message", (answer: RenderAnswer | { ready: true }) => {
      if (!("id" in answer) || answer.id !== this.current?.job.id) return;
      this.finish(
        answer.ok
          ? { ok: true, html: answer.html, key: rendererKey(this.current.job.options.siteOrigin) }
          : answer.reason === "timeout"
            ? { ok: false, reason: "timeout", message: TOO_COMPLEX_MESSAGE }
            : (log.warn(`Markdown render failed: ${answer.detail}`), { ok: false, reason: "error", message: NOT_RENDERED_MESSAGE }),
      );
    });
    worker.on("error", (error) => log.warn(`Markdown worker error: ${error.message}`));
    worker.on("exit", () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = undefined;
      if (this.current) this.finish({ ok: false, reason: "error", message: NOT_RENDERED_MESSAGE });
    });
    return ready;
  }

  private finish(rendered: Rendered) {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = undefined;
    current.resolve(rendered);
    this.pump();
  }

  private pump() {
    if (this.current || !this.queue.length) return;
    const current = (this.current = this.queue.shift()!);
    this.ready ??= this.spawn();
    this.ready.then(
      () => {
        const worker = this.worker;
        if (this.current !== current || !worker) return;
        const limit = current.job.options.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
        // The worker stops itself at the limit; a part it cannot interrupt (one regular expression,
        // one parse) is stopped from here, a moment later, and a new worker takes the next text.
        current.timer = setTimeout(() => {
          if (this.current !== current) return;
          this.worker = undefined;
          this.ready = undefined;
          void worker.terminate();
          this.finish({ ok: false, reason: "timeout", message: TOO_COMPLEX_MESSAGE });
        }, limit + 500);
        worker.postMessage(current.job);
      },
      (error: unknown) => {
        log.warn(`Markdown worker could not start: ${error instanceof Error ? error.message : String(error)}`);
        this.worker = undefined;
        this.ready = undefined;
        if (this.current === current) this.finish({ ok: false, reason: "error", message: NOT_RENDERED_MESSAGE });
      },
    );
  }
}

let renderer: RenderWorker | undefined;

/**
 * Markdown → safe HTML in the worker, within the time limit; never blocks this thread. A refusal
 * says why in a sentence for the body field.
 */
export function renderBounded(markdown: string, settings: RenderSettings = {}): Promise<Rendered> {
  renderer ??= new RenderWorker();
  return renderer.render(markdown, {
    siteOrigin: env().SITE_URL,
    topHeadingH2: settings.topHeadingH2,
    timeLimitMs: settings.timeLimitMs ?? RENDER_TIME_LIMIT_MS,
  });
}

/**
 * The answer of a Markdown editor's live preview (intent=preview; the documents' and the blog's):
 * the HTML, or why there is none. The values come back, so a plain POST keeps what was typed.
 */
export async function previewAnswer<V>(body: string, values: V, settings: RenderSettings = {}) {
  const rendered = await renderBounded(body, settings);
  return rendered.ok
    ? { ok: true as const, intent: "preview" as const, message: "Preview updated.", html: rendered.html, values }
    : { ok: true as const, intent: "preview" as const, message: rendered.message, html: "", previewError: rendered.message, values };
}

/** A body's sanitised HTML and the renderer that made it (rendererKey), stored beside the body. */
export interface StoredRendering {
  html: string;
  key: string;
}

/**
 * The HTML to store with a body that is being saved (ADR 017), or why the save is refused, with
 * its status: 503 while the renderers are all busy, 400 for a body that cannot be rendered in time.
 */
export async function renderForStorage(
  body: string,
  settings: RenderSettings = {},
): Promise<{ ok: true; rendered: StoredRendering } | { ok: false; status: 400 | 503; message: string }> {
  const rendered = await renderBounded(body, settings);
  if (rendered.ok) return { ok: true, rendered: { html: rendered.html, key: rendered.key } };
  return { ok: false, status: rendered.reason === "busy" ? 503 : 400, message: rendered.message };
}

/** Plain text as HTML (escaped, one paragraph per blank-line block): what is shown of a stored text that cannot be rendered. */
export function plainTextHtml(markdown: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return markdown
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escape(p)}</p>`)
    .join("\n");
}

/** A stored text and its stored rendering. */
export interface StoredText {
  body: string;
  html: string | null;
  htmlRenderer: string | null;
}

const inFlight = new Map<string, Promise<string>>();

/**
 * The HTML to show for a stored text: the stored rendering when it is current; otherwise it is
 * rendered once (in the worker, within the limit), stored with `store`, and shown. A text that
 * cannot be rendered in time is stored and shown as plain text, so it costs one render only.
 * Renders of the same row at the same time are shared (`key`).
 */
export function storedHtml(
  key: string,
  row: StoredText,
  settings: RenderSettings,
  store: (html: string, rendererKey: string) => Promise<unknown>,
): Promise<string> {
  const current = rendererKey();
  if (row.html !== null && row.htmlRenderer === current) return Promise.resolve(row.html);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const rendered = await renderBounded(row.body, settings);
      if (rendered.ok) {
        await store(rendered.html, rendered.key);
        return rendered.html;
      }
      const html = plainTextHtml(row.body);
      if (rendered.reason !== "busy") {
        log.warn(`A stored text could not be rendered (${rendered.reason}); it is shown as plain text until it is saved again.`);
        await store(html, current);
      }
      return html;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
