/**
 * Express → React Router, as @react-router/express does it, with one difference in how the
 * answer's headers are written: the security headers the server set before React Router ran
 * (server/security-headers.ts) are a baseline, and a response that brings its own value of one of
 * them (a stored graphic's stricter sandbox Content-Security-Policy) replaces the baseline instead
 * of being joined to it. Every other header is added as React Router gave it. The body is written
 * by server/write-body.ts, at the client's pace, keeping no chunk once written.
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler as createReactRouterHandler, type AppLoadContext, type ServerBuild } from "react-router";

import { writeBody } from "./write-body.ts";

export interface HandlerOptions {
  /** The build, or (development) a function that loads the current one through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Header names (any case) whose value in React Router's answer replaces the one already set. */
  replaceable: Iterable<string>;
  /** Told each answer before it is written, to adjust the headers already set (server/security-headers.ts `answered`). */
  answered?: (res: ExpressResponse, answer: Response) => void;
  /** TRUST_PROXY: the scheme the visitor used is the proxy's X-Forwarded-Proto. */
  trustProxy?: boolean;
}

export function createRequestHandler({ build, mode, getLoadContext, replaceable, answered, trustProxy = false }: HandlerOptions) {
  const handle = createReactRouterHandler(build, mode);
  const replace = new Set([...replaceable].map((name) => name.toLowerCase()));
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res, trustProxy), getLoadContext(req, res));
      answered?.(res, response);
      await send(res, response, replace);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The scheme of the visitor's request: behind a trusted proxy (TLS ends at nginx), its
 * X-Forwarded-Proto. React Router refuses an action whose Origin header is not the request's own
 * origin (its CSRF check): a form posted from https://www.example.com reaches the server as plain
 * http, and would be refused if its URL said http.
 */
export function requestScheme(req: { protocol: string; get(name: string): string | undefined }, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase() : undefined;
  return forwarded === "https" || forwarded === "http" ? forwarded : req.protocol;
}

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, trustProxy = false): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The Host header was checked by the request rules (server/request-rules.ts).
  const url = new URL(`${requestScheme(req, trustProxy)}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes React Router's answer; `replace`: header names whose value replaces the one already set. */
export function applyHeaders(res: Pick<ExpressResponse, "setHeader" | "append">, headers: Headers, replace: ReadonlySet<string>): void {
  for (const [name, value] of headers) {
    if (replace.has(name.toLowerCase())) res.setHeader(name, value);
    else res.append(name, value);
  }
}

async function send(res: ExpressResponse, response: Response, replace: ReadonlySet<string>): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  applyHeaders(res, response.headers, replace);
  if (!response.body) {
    res.end();
    return;
  }
  // A client that goes away ends this quietly; a body that fails cuts the connection and is logged.
  await writeBody(response.body, res);
}
