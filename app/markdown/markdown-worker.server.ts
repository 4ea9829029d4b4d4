/**
 * The Markdown renderer's worker thread (ADR 017): renders one text at a time for
 * markdown.server.ts, so a long render never blocks the server's event loop, and the server can
 * stop it (terminate) when it goes past its time limit. Bundled to build/server/markdown-worker.js.
 */
import { parentPort } from "node:worker_threads";

import { renderMarkdown, RenderTimeoutError, type RenderOptions } from "./markdown-render.server";

export interface RenderJob {
  id: number;
  markdown: string;
  options: RenderOptions;
}
export type RenderAnswer = { id: number; ok: true; html: string } | { id: number; ok: false; reason: "timeout" | "error"; detail: string };

const port = parentPort;
if (port) {
  port.on("message", (job: RenderJob) => {
    renderMarkdown(job.markdown, job.options).then(
      (html) => port.postMessage({ id: job.id, ok: true, html } satisfies RenderAnswer),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          ok: false,
          reason: error instanceof RenderTimeoutError ? "timeout" : "error",
          detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : String(error).slice(0, 200),
        } satisfies RenderAnswer),
    );
  });
  // Load marked, jsdom and DOMPurify before the first job, so their start-up is not counted against it.
  void renderMarkdown("ready", { siteOrigin: "http://localhost" }).finally(() => port.postMessage({ ready: true }));
}
