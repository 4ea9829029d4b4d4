/**
 * The public pages without a form, rendered by this process from the published content and kept
 * in memory (docs/requirements/content-studio.md, ADR 029): at start, before the server takes
 * requests, and again after every publication any process makes. Each page is rendered as the
 * build's prerender did it: its `.data` answer (what a client navigation fetches) and its HTML,
 * through React Router's own request handler, with no cookie and no nonce (the store allows the
 * inline scripts by hash). The set is swapped in at once (StaticStore.setRendered).
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

export interface RenderedPages {
  pages: Map<string, Buffer>;
  /** CPU time of the render, in ms (user + system), for the log and the benchmark. */
  cpuMs: number;
  wallMs: number;
}

/** The `.data` path of a page, as React Router's client asks for it. */
export const dataPath = (page: string): string => (page === "/" ? "/_root.data" : `${page.replace(/\/$/, "")}.data`);

export function createPageRenderer(options: { build: ServerBuild; origin: string; context: () => AppLoadContext }) {
  const handle = createRequestHandler(options.build, "production");
  const origin = options.origin.replace(/\/+$/, "");

  async function fetchPage(urlPath: string): Promise<Buffer> {
    const response = await handle(new Request(`${origin}${urlPath}`), options.context());
    const body = Buffer.from(await response.arrayBuffer());
    // A page that does not render is not served stale or half-made: the render fails and says why.
    if (response.status !== 200)
      throw new Error(`Rendering ${urlPath} answered ${response.status}: ${body.toString("utf8").slice(0, 300)}`);
    return body;
  }

  return async function render(paths: readonly string[]): Promise<RenderedPages> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pages = new Map<string, Buffer>();
    // One page at a time: a render is CPU work on this thread; parallel ones only interleave.
    // React Router and React render a page in promise callbacks alone, so without a turn of the
    // event loop between pages the process would answer nothing, not even /healthz, until every
    // page is done (0.3-1 s after each publication, on every process at once: `npm run bench`,
    // phase `content`). Requests meanwhile get the pages of the set in place.
    for (const page of paths) {
      pages.set(dataPath(page), await fetchPage(dataPath(page)));
      pages.set(page, await fetchPage(page));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const used = process.cpuUsage(cpu);
    return { pages, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
  };
}
