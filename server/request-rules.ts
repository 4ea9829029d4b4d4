/**
 * What the server refuses before any page code runs: requests that no browser sends and that
 * would otherwise fail deep inside (a 500). Each refusal is a 4xx with a short plain-text answer;
 * only their request line is logged (server/request-log.ts), no error.
 */
import { matchRoutes, type ServerBuild } from "react-router";

export interface Refusal {
  status: 400 | 405;
  message: string;
  /** For 405: the methods the address does accept. */
  allow?: string;
}

/** Methods the site answers at all; TRACE, CONNECT and made-up ones get 405. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::(\d{1,5}))?$/;

/** Whether a Host header names a host (and a port that exists). */
export function validHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = HOST.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65535)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The request line and Host header: a known method, a target that is a path (not an absolute URL
 * or `*`), a path whose %-escapes decode, no NUL byte in the path or the query, a valid Host.
 */
export function checkRequestLine(method: string | undefined, target: string | undefined, host: string | undefined): Refusal | null {
  if (!method || !KNOWN_METHODS.has(method)) return { status: 405, message: "Method not allowed.", allow: "GET, HEAD, POST" };
  if (!target || !target.startsWith("/")) return { status: 400, message: "Bad request: the address must be a path." };
  if (!validHost(host)) return { status: 400, message: "Bad request: missing or invalid Host header." };
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, message: "Bad request: the address is not valid." };
  }
  if (decoded.includes("\0")) return { status: 400, message: "Bad request: the address is not valid." };
  if (q !== -1) {
    for (const [key, value] of new URLSearchParams(target.slice(q + 1))) {
      if (key.includes("\0") || value.includes("\0")) return { status: 400, message: "Bad request: the address is not valid." };
    }
  }
  return null;
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };

/**
 * From the server build's route table: whether a path has a route with an action (takes writes).
 * A write to any other page is answered 405 here, instead of by React Router, whose answer names
 * the internal route module and whose log line is a whole stack trace.
 */
export function writableRoutes(build: Pick<ServerBuild, "routes">): (pathname: string) => boolean {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route)
      nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // React Router's matcher wants index routes without children.
  const toObjects = (list: RouteNode[]): Parameters<typeof matchRoutes>[0] =>
    list.map((n) =>
      n.index
        ? { id: n.id, index: true as const, caseSensitive: n.caseSensitive }
        : { id: n.id, path: n.path, caseSensitive: n.caseSensitive, children: toObjects(n.children) },
    );
  const tree = toObjects(roots);
  return (pathname) => {
    // Client navigations ask /page.data (and /_root.data for the home page) of the same routes.
    const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
    const matches = matchRoutes(tree, page);
    const leaf = matches?.[matches.length - 1]?.route.id;
    return leaf !== undefined && typeof build.routes[leaf]?.module.action === "function";
  };
}

/** A write (POST, PUT, PATCH, DELETE) to an address without an action. */
export function refuseWrite(method: string, pathname: string, acceptsWrites: (pathname: string) => boolean): Refusal | null {
  if (READ_METHODS.has(method) || acceptsWrites(pathname)) return null;
  return { status: 405, message: "This address does not accept form submissions.", allow: "GET, HEAD" };
}
