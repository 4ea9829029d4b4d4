/**
 * The server's one logger (ADR 014): every line the server, the route modules and the background
 * work write goes through `log`, as JSON lines (`LOG_FORMAT=json`) or readable text, through pino.
 *
 * - Each line made while a request is handled carries that request's id (`requestId`), taken from
 *   the request context the server opens around the request (`withRequestContext`), so code deep in
 *   a loader logs with the id without being handed it.
 * - A line is one line: control characters become spaces, and an Error is its name and message,
 *   never its stack (docs/requirements/public-site.md#errors).
 * - Callers never log what a visitor typed (lead fields, passwords, codes), tokens, cookies or
 *   query values; the request line (server/request-log.ts) keeps only the path and query keys.
 *
 * The server runtime and the React Router build are two bundles that both carry this module
 * (ADR 010): the logger and the request context are kept once per process on `globalThis`, like
 * the database connection (ADR 004), so both see the same ones.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

import { oneLine } from "./one-line";

export type LogFormat = "json" | "text";
export type LogLevel = "error" | "warn" | "info";

export interface LogOptions {
  format: LogFormat;
  level: LogLevel;
  /** Where lines go (tests); default: info lines to standard output, warnings and errors to standard error. */
  write?: (line: string, json: string) => void;
}

/** The fields of the one line per request (server/request-log.ts). */
export interface RequestLine {
  method: string;
  /** The path, and the query's keys without their values. */
  path: string;
  status: number;
  /** Milliseconds from the request's arrival until the response was finished or abandoned. */
  durationMs: number;
  /** Body bytes sent (after compression). */
  bytes: number;
  /** The client went away before the response was finished. */
  aborted?: boolean;
}

interface RequestContext {
  requestId: string;
}

interface State {
  logger: Logger;
  context: AsyncLocalStorage<RequestContext>;
}

const KEY = Symbol.for("crossroads.log");
type Global = typeof globalThis & { [KEY]?: State };

function makeLogger(options: LogOptions, context: AsyncLocalStorage<RequestContext>): Logger {
  // pino writes the level first ({"level":"error",...}): the stream is chosen without parsing.
  const write =
    options.write ?? ((line: string, json: string) => (json.startsWith('{"level":"info"') ? process.stdout : process.stderr).write(line));
  const destination =
    options.format === "json" ? { write: (line: string) => write(line, line) } : { write: (line: string) => write(toText(line), line) };
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const store = context.getStore();
        return store ? { requestId: store.requestId } : {};
      },
    },
    destination,
  );
}

function state(): State {
  const g = globalThis as Global;
  if (!g[KEY]) {
    const context = new AsyncLocalStorage<RequestContext>();
    g[KEY] = { context, logger: makeLogger({ format: "text", level: "info" }, context) };
  }
  return g[KEY];
}

/** Sets the format and level (the server, from LOG_FORMAT and LOG_LEVEL, before anything else). */
export function configureLog(options: LogOptions): void {
  const s = state();
  s.logger = makeLogger(options, s.context);
}

/** Runs `fn` with `requestId` on every line logged from it (and from whatever it starts). */
export function withRequestContext<T>(requestId: string, fn: () => T): T {
  return state().context.run({ requestId }, fn);
}

/** One line from console-style arguments: strings as they are, an Error as "Name: message". */
export function lineOf(parts: unknown[]): string {
  return oneLine(
    parts
      .map((part) =>
        part instanceof Error
          ? `${part.name}: ${part.message}`
          : typeof part === "string"
            ? part
            : part === undefined
              ? "undefined"
              : safeJson(part),
      )
      .join(" "),
    2000,
  );
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The logger. Takes console-style arguments, so it fits wherever a `Pick<Console, "log" | "error">`
 * is expected (`log.log` is `log.info`).
 */
export const log = {
  info: (...parts: unknown[]): void => state().logger.info(lineOf(parts)),
  log: (...parts: unknown[]): void => state().logger.info(lineOf(parts)),
  warn: (...parts: unknown[]): void => state().logger.warn(lineOf(parts)),
  error: (...parts: unknown[]): void => state().logger.error(lineOf(parts)),
  /** The one line per request: its fields in JSON, and a short summary as the message. */
  request: (line: RequestLine): void => {
    const summary = `${line.method} ${line.path} ${line.status}${line.aborted ? " aborted" : ""} ${line.durationMs} ms ${line.bytes} B`;
    state().logger.info({ ...line }, summary);
  },
};

const LEVEL_WIDTH = 5;

/** A JSON line as readable text: `time LEVEL [request id] message`. */
export function toText(json: string): string {
  try {
    const entry = JSON.parse(json) as { time?: string; level?: string; requestId?: string; msg?: string };
    const level = String(entry.level ?? "info")
      .toUpperCase()
      .padEnd(LEVEL_WIDTH);
    const id = entry.requestId ? `[request ${oneLine(entry.requestId, 128)}] ` : "";
    return `${entry.time ?? new Date().toISOString()} ${level} ${id}${oneLine(entry.msg ?? "", 2000)}\n`;
  } catch {
    return json;
  }
}
