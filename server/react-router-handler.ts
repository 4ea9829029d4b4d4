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
}

export function createRequestHandler({ build, mode, getLoadContext, replaceable, answered }: HandlerOptions) {
  const handle = createReactRouterHandler(build, mode);
  const replace = new Set([...replaceable].map((name) => name.toLowerCase()));
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res), getLoadContext(req, res));
      answered?.(res, response);
      await send(res, response, replace);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The Host header was checked by the request rules (server/request-rules.ts).
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
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
