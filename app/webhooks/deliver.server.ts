/**
 * One delivery attempt (docs/requirements/webhooks.md#webhook-deliveries): a POST of the body with
 * the Standard Webhooks headers, to the address the guard checked (address-guard.server.ts: the
 * host's name is resolved once, each address checked, and the connection made to that address,
 * with the name kept for the Host header and TLS's SNI and certificate check). Redirects are not
 * followed (a 3xx is a failure); no answer within the time limit (15 s), from the lookup to the
 * status line, is a failure; of the answer's body at most RESPONSE_KEEP_BYTES are read and kept.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

import { oneLine } from "~/lib/one-line";

import { resolveDestination, type Resolver } from "./address-guard.server";

/** The time limit of one attempt (Standard Webhooks recommends 15 to 30 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Of an answer's body, what is read and kept (for the deliveries list); the rest is not read. */
export const RESPONSE_KEEP_BYTES = 1_024;
/** The body kept in the database, in characters, on one line. */
export const RESPONSE_KEEP_CHARS = 500;
export const USER_AGENT = "CrossroadsIT-Webhooks/1.0 (+Standard Webhooks)";

export type AttemptOutcome = "delivered" | "gone" | "failed";

export interface AttemptResult {
  outcome: AttemptOutcome;
  /** The answer's HTTP status; null when there was none. */
  statusCode: number | null;
  /** Why it failed (null when delivered). */
  error: string | null;
  /** The beginning of the answer's body, one line. */
  response: string | null;
  durationMs: number;
  /** What the receiver's Retry-After asked for, in ms. */
  retryAfterMs?: number;
  /** The failure is the endpoint's (down, slow, refused address, 5xx, 429), not this message's: its other messages wait too. */
  endpointDown?: boolean;
}

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  /** Aborts the attempt (the worker is stopping). */
  signal?: AbortSignal;
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

class AttemptTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${Math.round(ms / 1000)} s`);
    this.name = "AttemptTimeout";
  }
}

/** Makes one attempt; never throws. */
export async function attemptDelivery(request: AttemptRequest): Promise<AttemptResult> {
  const started = performance.now();
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, extra: Partial<AttemptResult> = {}): AttemptResult => ({
    outcome: "failed",
    statusCode: null,
    error: oneLine(error, 300),
    response: null,
    durationMs: elapsed(),
    endpointDown: true,
    ...extra,
  });

  const url = new URL(request.url);
  const controller = new AbortController();
  const onAbort = () => controller.abort(new Error("The server stopped during the attempt"));
  request.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(timeoutMs)), timeoutMs);
  try {
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    const destination = await Promise.race([
      resolveDestination(url, { allowPrivate: request.allowPrivate, resolve: request.resolve, resolveTimeoutMs: timeoutMs }),
      aborted,
    ]);
    if (!destination.ok) return failed(`Refused: ${destination.message}`);
    const pinned = destination.address;
    // The connection goes to the checked address whatever a second lookup would say.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const secure = url.protocol === "https:";
    const response = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = (secure ? https : http).request(
        {
          protocol: url.protocol,
          hostname: host,
          port: url.port || (secure ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(request.body)),
            "user-agent": USER_AGENT,
            ...request.headers,
          },
          agent: false,
          lookup,
          signal: controller.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
            res.destroy();
          };
          res.on("data", (chunk: Buffer) => {
            if (kept < RESPONSE_KEEP_BYTES) chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
            kept += chunk.length;
            if (kept >= RESPONSE_KEEP_BYTES) done();
          });
          res.on("end", done);
          // An answer whose status came but whose body broke off still has its status.
          res.on("error", done);
          res.on("aborted", done);
        },
      );
      req.on("error", reject);
      req.end(request.body);
    });
    const status = response.status;
    const body = response.body ? oneLine(response.body.replace(/\s+/g, " ").trim(), RESPONSE_KEEP_CHARS) || null : null;
    const base = { statusCode: status, response: body, durationMs: elapsed() };
    if (status >= 200 && status < 300) return { outcome: "delivered", error: null, ...base };
    if (status === 410) return { outcome: "gone", error: "410 Gone: the receiver asked for no more webhooks", ...base };
    if (status >= 300 && status < 400) {
      const location = typeof response.headers.location === "string" ? ` to ${oneLine(response.headers.location, 200)}` : "";
      return { outcome: "failed", error: `Redirect (${status}${location}) not followed: change the endpoint's address`, ...base };
    }
    const retryAfter = status === 429 || status === 503 ? retryAfterMs(response.headers["retry-after"] as string | undefined) : undefined;
    return {
      outcome: "failed",
      error: `Answered ${status}`,
      ...base,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
      endpointDown: status >= 500 || status === 429,
    };
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    if (reason instanceof Error) {
      const code = (reason as NodeJS.ErrnoException).code;
      return failed(code && !reason.message.includes(code) ? `${reason.message} (${code})` : reason.message);
    }
    return failed(String(reason));
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
  }
}
