/**
 * The server's rendering entry: React Router's default streaming render, plus one rule for the
 * log (app/lib/error-log.server.ts): an unexpected error is one line with the request id, an
 * expected 4xx answer is not logged at all. Every inline script carries the request's
 * Content-Security-Policy nonce, which our server puts in the load context (the pages it renders
 * into memory have none: it allows their inline scripts by hash). The document goes out with
 * hydration deferred until after the first paint (app/first-paint/first-paint.server.ts, ADR 013).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";

import { isProtectedPath, PREVIEW_PARAM } from "~/config/private-paths";
import { env } from "~/env.server";
import { deferHydrationStream } from "~/first-paint/first-paint.server";
import { logRequestError } from "~/lib/error-log.server";
import { applyPrivateCaching } from "~/lib/private-caching";

export const streamTimeout = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => logRequestError(error, request);

/** Client navigations' `.data` answers follow the same caching rule as the pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applyPrivateCaching(request.url, response.headers);
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: Partial<AppLoadContext>,
) {
  applyPrivateCaching(request.url, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and the pages kept in memory get the whole page at once, without React's scripts
    // that reveal streamed parts (fewer bytes and fewer script hashes in the first round trip);
    // browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext?.keptInMemory ? "onAllReady" : "onShellReady";
    // React Router's scripts (<Scripts>, <ScrollRestoration>, the streamed data) take it from
    // <ServerRouter>; React's own streaming scripts from the render option.
    const nonce = loadContext?.cspNonce || undefined;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        // The first paint before hydration (ADR 013): no module preloads, imports after the gate.
        // Pages behind sign-in hydrate at once: they are no first-paint pages, and their editors
        // must not be typed into before React has them.
        // The gate loads the tag manager (GTM_ID) once a public page is idle.
        // A staff preview of a draft (?preview=) is no visit either: no gate, no page view, no tag manager.
        const url = new URL(request.url);
        const immediate = isProtectedPath(url.pathname) || url.searchParams.has(PREVIEW_PARAM);
        pipe(deferHydrationStream({ immediate, gtmId: env().GTM_ID })).pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell reject above and reach handleError; these came while streaming.
        if (shellRendered) logRequestError(error, request);
      },
    });
  });
}
