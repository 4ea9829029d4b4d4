/**
 * The site's one server, for `npm start` (server/index.ts: the production build, the public pages
 * rendered at start into memory) and `npm run dev` (server/dev.ts: React Router through Vite, hot reload).
 * Both get the same request rules, security headers, cross-site write guard, client address,
 * request ids, `/healthz`, `/readyz` and graceful shutdown (server/lifecycle.ts), database and lead outbox; the services reach loaders and actions in
 * React Router's load context (app/services.server.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";

import { CLIENT_IP_HEADER } from "../app/auth/config.ts";
import { PREVIEW_PARAM } from "../app/config/private-paths.ts";
import { prerenderedPaths } from "../app/content/routes-index.ts";
import type { Env } from "../app/env.server.ts";
import { errorLine } from "../app/lib/error-log.server.ts";
import { configureLog, log } from "../app/lib/log.server.ts";
import { isCrossSiteWrite, trustedOrigins } from "../app/lib/origins.ts";
import { REQUEST_ID_HEADER } from "../app/lib/request-id.ts";
import { openServices } from "../app/services.server.ts";
import { clientAddress } from "./client-address.ts";
import { oneDrainListener } from "./drain-listeners.ts";
import { createLifecycle } from "./lifecycle.ts";
import { createPageRenderer } from "./page-renderer.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { withRequestLog } from "./request-log.ts";
import { checkRequestLine, refuseWrite, writableRoutes, type Refusal } from "./request-rules.ts";
import { createSecurity, type Security } from "./security-headers.ts";
import type { StaticStore } from "./static-store.ts";

export interface Development {
  /** Vite's middlewares: modules, assets and the hot-reload client. */
  middlewares: RequestHandler;
  /** The current React Router build, loaded through Vite. */
  build: () => Promise<ServerBuild>;
  close: () => Promise<void>;
}

export interface ServerOptions {
  env: Env;
  /** When the process started, for the "ready in" line. */
  startedAt: number;
  /** Production: the React Router build and the client build in memory. */
  production?: { build: ServerBuild; store: (security: Security) => StaticStore };
  /** Development: Vite, attached to the HTTP server (its hot reload shares the port). */
  development?: (server: Server) => Promise<Development>;
}

export async function startServer({ env, startedAt, production, development }: ServerOptions): Promise<Server> {
  configureLog({ format: env.LOG_FORMAT, level: env.LOG_LEVEL });
  const isDev = !production;
  const server = createServer();
  const security = createSecurity({ siteUrl: env.SITE_URL, gtmId: env.GTM_ID, development: isDev });
  const securityHeaders = security.headers;
  const store = production?.store(security);
  const dev = development ? await development(server) : undefined;

  // Open the database (apply migrations, lock the embedded data folder) before taking requests,
  // then start the leads' background work (the sales e-mail outbox resumes pending sends).
  let opened: Awaited<ReturnType<typeof openServices>>;
  try {
    opened = await openServices(env, log);
  } catch (error) {
    log.error(`Cannot open the database: ${error instanceof Error ? error.message : error}`);
    await dev?.close();
    process.exit(1);
  }
  const { services } = opened;

  // The public pages without a form, rendered from the published content into memory, now and
  // after every publication by any process (server/page-renderer.ts, ADR 029).
  if (production && store) {
    const render = createPageRenderer({
      build: production.build,
      origin: env.SITE_URL,
      context: () => ({ services, clientAddress: "127.0.0.1", requestId: "render", cspNonce: "", keptInMemory: true }),
    });
    const paths = prerenderedPaths();
    const renderAll = async () => {
      const cpu = process.cpuUsage();
      const rendered = await render(paths);
      await store.setRenderedAsync(rendered.pages);
      const used = process.cpuUsage(cpu);
      log.info(
        `Rendered ${paths.length} pages in ${Math.round(rendered.wallMs)} ms (${Math.round((used.user + used.system) / 1000)} ms of CPU with compression)`,
      );
    };
    try {
      await renderAll();
    } catch (error) {
      log.error(`Cannot render the public pages: ${error instanceof Error ? error.message : error}`);
      await opened.close().catch(() => {});
      process.exit(1);
    }
    opened.content.onChange(renderAll);
  }

  // The server set both headers below (replacing anything the client sent) and the nonce in
  // the security middleware.
  const getLoadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    services,
    clientAddress: String(req.headers[CLIENT_IP_HEADER]),
    requestId: String(req.headers[REQUEST_ID_HEADER]),
    cspNonce: String(res.locals.cspNonce),
  });

  const app = express();
  app.disable("x-powered-by");
  app.use(security.middleware);
  // Brotli with a 256 KB window, not zlib's 4 MB: every response's encoder would reserve that much
  // outside the heap, and V8 collects garbage far more often for it (about 3 ms of CPU per
  // rendered page); a page is well under 256 KB, so it compresses to the same bytes.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));
  app.use(oneDrainListener); // right after compression: server/drain-listeners.ts
  if (dev) app.use(dev.middlewares);
  else {
    app.use("/assets", (_req, res) => {
      // Hashed files are all in the store; anything else under /assets does not exist.
      res.status(404).type("text/plain").send("Not found");
    });
  }
  if (env.TEST_FAULTS) {
    app.get("/__test/fault", () => {
      throw new Error("Injected fault: this message and its stack must never reach the visitor");
    });
  }
  app.all(
    "/{*path}",
    createRequestHandler({
      build: production ? production.build : dev!.build,
      mode: isDev ? "development" : "production",
      getLoadContext,
      replaceable: Object.keys(securityHeaders),
      answered: security.answered,
      trustProxy: env.TRUST_PROXY,
    }),
  );
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    log.error(errorLine(error, { method: req.method, url: `http://host${req.originalUrl}` }));
    if (res.headersSent) return res.end();
    res.status(500).setHeader("Cache-Control", "no-store");
    // Read at the failure: the page is rendered again after each publication, and its policy
    // (the hashes of its inline scripts) is the current page's.
    const serverErrorPage = store?.read("/500");
    if (serverErrorPage) res.setHeader("Content-Security-Policy", store!.policy("/500", req.path)!).type("html").send(serverErrorPage);
    else res.type("text/plain").send("Internal Server Error");
  };
  app.use(onError);

  const allowedOrigins = trustedOrigins(env);
  // Which paths take writes: worked out once from the production build; in development from the
  // build Vite has when a write comes (routes and actions change while editing).
  const productionWrites = production ? writableRoutes(production.build) : undefined;
  const acceptsWrites = async (method: string) =>
    productionWrites ?? (method === "GET" || method === "HEAD" || method === "OPTIONS" ? () => true : writableRoutes(await dev!.build()));

  function refuse(res: ServerResponse, refusal: Refusal) {
    res.writeHead(refusal.status, {
      ...securityHeaders,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...(refusal.allow ? { Allow: refusal.allow } : {}),
    });
    res.end(refusal.message);
  }

  // Readiness and graceful shutdown (server/lifecycle.ts).
  const lifecycle = createLifecycle({
    server,
    graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
    ready: (timeoutMs) => opened.ready(timeoutMs),
    // Vite first: its hot-reload connections would keep the server open.
    beforeClose: async () => dev?.close(),
    close: () => opened.close(),
    log,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    lifecycle.track(req, res);
    const malformed = checkRequestLine(req.method, req.url, req.headers.host);
    if (malformed) return refuse(res, malformed);
    if (
      isCrossSiteWrite(
        req.method ?? "GET",
        { origin: req.headers.origin, secFetchSite: req.headers["sec-fetch-site"] as string | undefined },
        allowedOrigins,
      )
    ) {
      res.writeHead(403, { ...securityHeaders, "Content-Type": "text/plain; charset=utf-8" });
      res.end("Cross-site request refused.");
      return;
    }
    // The client address: in the load context, and in this header for better-auth's sign-in rate
    // limit. Only the server sets it, whatever the client sent.
    req.headers[CLIENT_IP_HEADER] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUST_PROXY);
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname === "/readyz") return lifecycle.answerReadiness(res, securityHeaders);
    if (pathname === "/healthz") {
      res.writeHead(200, { ...securityHeaders, "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ status: "ok", uptime: Math.round(process.uptime()) }));
      return;
    }
    // One canonical form per page: /about/ → /about.
    if (store && pathname.length > 1 && pathname.endsWith("/") && store.has(pathname.replace(/\/+$/, ""))) {
      res.writeHead(301, { ...securityHeaders, Location: pathname.replace(/\/+$/, "") + (q === -1 ? "" : url.slice(q)) });
      res.end();
      return;
    }
    // "//host/x" would read as another host further on: one slash, same page.
    if (pathname.startsWith("//")) {
      res.writeHead(301, { ...securityHeaders, Location: pathname.replace(/^\/+/, "/") + (q === -1 ? "" : url.slice(q)) });
      res.end();
      return;
    }
    // A staff preview of a draft (?preview=<item>) is rendered for the request, never from memory.
    if (store && !(q !== -1 && new URLSearchParams(url.slice(q)).has(PREVIEW_PARAM)) && store.serve(req, res, pathname)) return;
    const method = req.method ?? "GET";
    const notWritable = refuseWrite(method, pathname, await acceptsWrites(method));
    if (notWritable) return refuse(res, notWritable);
    app(req, res);
  }

  // The request id (X-Request-Id) and one log line per request: server/request-log.ts.
  server.on(
    "request",
    withRequestLog(env.TRUST_PROXY, (req, res) => {
      handle(req, res).catch((error: unknown) => {
        log.error(errorLine(error, { method: req.method ?? "-", url: `http://host${req.url ?? "/"}` }));
        if (!res.headersSent) res.writeHead(500, { ...securityHeaders, "Content-Type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      });
    }),
  );

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const ms = Math.round(performance.now() - startedAt);
  const what = store ? `${store.size} files in memory` : "development: Vite, hot reload";
  log.info(`Listening on http://${env.HOST}:${env.PORT} (${what}, ready in ${ms} ms)`);

  process.on("SIGTERM", () => void lifecycle.shutdown("SIGTERM"));
  process.on("SIGINT", () => void lifecycle.shutdown("SIGINT"));
  return server;
}
