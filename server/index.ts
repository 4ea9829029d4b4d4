/**
 * The site's server: prerendered pages and build files from memory, everything else rendered by
 * React Router through Express. Run after `npm run build` with `npm start`.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { existsSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../app/auth/config.ts";
import { isCrossSiteWrite, trustedOrigins } from "../app/auth/origins.ts";
import { closeDatabase, initDatabase } from "../app/db/client.server.ts";
import { EnvError, parseEnv, type Env } from "../app/env.server.ts";
import { startLeadWorker, type LeadWorker } from "../app/leads/worker.server.ts";
import { errorLine } from "../app/lib/error-log.server.ts";
import { REQUEST_ID_HEADER } from "../app/lib/request-id.ts";
import { clientAddress } from "./client-address.ts";
import { checkRequestLine, refuseWrite, writableRoutes, type Refusal } from "./request-rules.ts";
import { createSecurity } from "./security-headers.ts";
import { StaticStore } from "./static-store.ts";

const startedAt = performance.now();

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const buildDir = process.env.BUILD_DIR
  ? path.resolve(process.env.BUILD_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuildPath = path.join(buildDir, "server", "index.js");
if (!existsSync(serverBuildPath)) {
  console.error(`No build found at ${serverBuildPath}. Run "npm run build" first.`);
  process.exit(1);
}

// Open the database (apply migrations, lock the embedded data folder) before taking requests,
// then start the leads' background work (the sales e-mail outbox resumes pending sends).
let leadWorker: LeadWorker;
try {
  const { kind, db } = await initDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  console.log(`Database: ${kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`}`);
  leadWorker = startLeadWorker(env, db);
} catch (error) {
  console.error(`Cannot open the database: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const build = (await import(serverBuildPath)) as ServerBuild;
// Content-Security-Policy (per stored page, or with a nonce per rendered page) and HSTS.
const security = createSecurity({ siteUrl: env.SITE_URL, gtmId: env.GTM_ID });
const securityHeaders = security.headers;
const store = new StaticStore(path.join(buildDir, "client"), security);
const serverErrorPage = store.read("/500");

const app = express();
app.disable("x-powered-by");
app.use(security.middleware);
app.use(compression());
app.use("/assets", (_req, res) => {
  // Hashed files are all in the store; anything else under /assets does not exist.
  res.status(404).type("text/plain").send("Not found");
});
if (env.TEST_FAULTS) {
  app.get("/__test/fault", () => {
    throw new Error("Injected fault: this message and its stack must never reach the visitor");
  });
}
app.all(
  "/{*path}",
  createRequestHandler({ build, mode: env.NODE_ENV === "production" ? "production" : "development" }),
);
const onError: ErrorRequestHandler = (error, req, res, _next) => {
  console.error(errorLine(error, { method: req.method, url: `http://host${req.originalUrl}`, headers: new Headers({ [REQUEST_ID_HEADER]: String(req.headers[REQUEST_ID_HEADER] ?? "-") }) }));
  if (res.headersSent) return res.end();
  res.status(500).setHeader("Cache-Control", "no-store");
  if (serverErrorPage) res.setHeader("Content-Security-Policy", store.policy("/500")!).type("html").send(serverErrorPage);
  else res.type("text/plain").send("Internal Server Error");
};
app.use(onError);

const allowedOrigins = trustedOrigins(env);
const acceptsWrites = writableRoutes(build);

function refuse(res: import("node:http").ServerResponse, refusal: Refusal) {
  res.writeHead(refusal.status, {
    ...securityHeaders,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    ...(refusal.allow ? { Allow: refusal.allow } : {}),
  });
  res.end(refusal.message);
}

const server = createServer((req, res) => {
  // Every log line about this request carries its id; the visitor can quote it from X-Request-Id.
  const requestId = randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const malformed = checkRequestLine(req.method, req.url, req.headers.host);
  if (malformed) return refuse(res, malformed);
  if (
    isCrossSiteWrite(req.method ?? "GET", { origin: req.headers.origin, secFetchSite: req.headers["sec-fetch-site"] as string | undefined }, allowedOrigins)
  ) {
    res.writeHead(403, { ...securityHeaders, "Content-Type": "text/plain; charset=utf-8" });
    res.end("Cross-site request refused.");
    return;
  }
  // Rate limits key on this header: only the server sets it, whatever the client sent.
  req.headers[CLIENT_IP_HEADER] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, env.TRUST_PROXY);
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname === "/healthz") {
    res.writeHead(200, { ...securityHeaders, "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "ok", uptime: Math.round(process.uptime()) }));
    return;
  }
  // One canonical form per page: /about/ → /about.
  if (pathname.length > 1 && pathname.endsWith("/") && store.has(pathname.replace(/\/+$/, ""))) {
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
  if (store.serve(req, res, pathname)) return;
  const notWritable = refuseWrite(req.method ?? "GET", pathname, acceptsWrites);
  if (notWritable) return refuse(res, notWritable);
  app(req, res);
});

server.listen(env.PORT, env.HOST, () => {
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Listening on http://${env.HOST}:${env.PORT} (${store.size} files in memory, ready in ${ms} ms)`);
});

function shutdown(signal: string) {
  console.log(`${signal} received, closing`);
  server.close(() => {
    void leadWorker
      .stop()
      .catch(() => {})
      .then(() => closeDatabase())
      .finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
