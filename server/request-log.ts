/**
 * The request id and the one log line per request (ADR 014), wrapped around the server's request
 * handler in server/app-server.ts:
 *
 * - The id: the trusted proxy's `X-Request-Id` (TRUST_PROXY=1, and only an id of 8 to 128 letters,
 *   digits and `._:-`), else a fresh UUID. The server puts it in its own request header for the
 *   load context (replacing anything the client sent), sends it back as `X-Request-Id`, and every
 *   line logged while the request is handled carries it (app/lib/log.server.ts).
 * - The line: time, method, path with the query's keys but never their values (they can hold
 *   search terms, e-mail addresses, reset tokens), status, duration in ms, body bytes sent, id.
 *   Nothing of the headers (cookies) or the body (lead contents, passwords) is ever read here.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import { log, withRequestContext } from "../app/lib/log.server.ts";
import { oneLine } from "../app/lib/one-line.ts";
import { REQUEST_ID_HEADER } from "../app/lib/request-id.ts";

/** What a proxy's id must look like to be kept (nginx's $request_id is 32 hex digits). */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
/** A query key worth keeping: a short name, not a value someone put in the key's place. */
const QUERY_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;
const MAX_KEYS = 10;

/** The request's id: the trusted proxy's, when it sent a sane one, else a new UUID. */
export function requestIdFor(header: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof header === "string" && SANE_ID.test(header)) return header;
  return randomUUID();
}

/** The path as logged: the path itself (up to 300 characters), then `?` and the query's keys, without values. */
export function loggedPath(url: string | undefined): string {
  const target = url ?? "/";
  const q = target.indexOf("?");
  const path = oneLine(q === -1 ? target : target.slice(0, q), 300);
  if (q === -1) return path;
  const keys: string[] = [];
  for (const pair of target.slice(q + 1).split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = eq === -1 ? pair : pair.slice(0, eq);
    keys.push(QUERY_KEY.test(key) ? key : "_");
    if (keys.length === MAX_KEYS) {
      keys.push("…");
      break;
    }
  }
  return `${path}?${keys.join("&")}`;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Wraps the server's handler: gives the request its id, runs the handler in the request's log
 * context, and logs one line when the response is finished or the client goes away.
 */
export function withRequestLog(trustProxy: boolean, handler: Handler): Handler {
  return (req, res) => {
    const started = performance.now();
    const requestId = requestIdFor(req.headers["x-request-id"], trustProxy);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);

    // Body bytes on the wire: counted below whatever writes them (compression writes through these).
    let bytes = 0;
    const count = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") count(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;

    const path = loggedPath(req.url);
    res.once("close", () => {
      withRequestContext(requestId, () =>
        log.request({
          method: oneLine(req.method ?? "-", 16),
          path,
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          bytes,
          ...(res.writableFinished ? {} : { aborted: true }),
        }),
      );
    });
    withRequestContext(requestId, () => handler(req, res));
  };
}
