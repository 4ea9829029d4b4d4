/**
 * How the server logs a failure: one line per unexpected error, with the method, the path and the
 * message (never a stack trace, never the query string, which can hold search terms and tokens);
 * the logger adds the request id (app/lib/log.server.ts). Expected answers (4xx, a client that
 * went away) are not logged at all.
 */
import { isRouteErrorResponse } from "react-router";

import { log } from "./log.server";
import { oneLine } from "./one-line";

/** The error is an answer the server meant to give, or the client gave up: nothing to log. */
export function isExpected(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  if (isRouteErrorResponse(error)) return error.status < 500;
  if (error instanceof Response) return error.status < 500;
  return false;
}

/** What a log line needs of a request (the Fetch Request, or the Node server's own fields). */
export type RequestInfo = Pick<Request, "method" | "url">;

export function errorLine(error: unknown, request?: RequestInfo): string {
  const where = request ? `${request.method} ${safePath(request.url)}` : "-";
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  return `${where} failed: ${oneLine(message, 300)}`;
}

function safePath(url: string): string {
  try {
    return oneLine(new URL(url).pathname, 300);
  } catch {
    return "?";
  }
}

/** Logs an unexpected error as one line; says nothing about expected ones. */
export function logRequestError(error: unknown, request?: Request, logger: Pick<Console, "error"> = log): void {
  if (isExpected(error, request)) return;
  logger.error(errorLine(error, request));
}
