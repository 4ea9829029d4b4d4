/**
 * Where a server process spends its CPU in a window of the bench: its V8 CPU profile (written by
 * scripts/bench/cpu-profile-preload.mjs) summed by self time, by part (React DOM's rendering, React
 * Router, the app's own modules, compression, garbage collection...) and by function. V8 samples
 * the main thread at intervals of wall time: on a busy machine a sample also counts time the
 * thread waited for a core, so the shares are what to read, the milliseconds are an upper bound.
 *   npx tsx scripts/bench/cpu-profile.ts <file.cpuprofile>
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { round, table } from "./lib.ts";

/** The preload that makes a process profile on SIGUSR2: NODE_OPTIONS for the server's environment. */
export const PROFILE_PRELOAD = pathToFileURL(path.join(path.dirname(new URL(import.meta.url).pathname), "cpu-profile-preload.mjs")).href;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** ms of samples that were not idle. */
  busyMs: number;
  parts: { part: string; ms: number; share: number }[];
  functions: { name: string; part: string; ms: number }[];
}

/** The part of the server a frame belongs to, from its script's address. */
export function partOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "V8 and native code outside JS frames";
  if (url.includes("/node_modules/react-dom/")) return "React DOM (rendering to HTML)";
  if (url.includes("/node_modules/react-router/")) return "React Router (handler, loaders' data, turbo-stream)";
  if (url.includes("/node_modules/react/")) return "React";
  if (url.includes("/build/server/") || url.includes("/app/")) return "the app's routes and components";
  if (url.includes("/build/server-runtime/") || url.includes("/server/")) return "the server (express glue, static store)";
  if (url === "node:zlib") return "compression (node:zlib)";
  if (url.startsWith("node:internal/streams")) return "Node streams";
  if (url.startsWith("node:internal/crypto") || url === "node:crypto") return "node:crypto (ETags, script hashes)";
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return /^(pg|pg-protocol|pg-pool|drizzle-orm|postgres)$/.test(pkg[1]!) ? "database client" : `package ${pkg[1]}`;
  if (url.startsWith("node:")) return "Node internals (buffers, web streams, Request and URL)";
  return "V8 built-ins (JSON, RegExp, Intl, strings)";
}

const SPECIAL = new Set(["(garbage collector)", "(program)", "(idle)", "(root)"]);

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  // A built-in or native function (no script: JSON.stringify, zlib's writeSync) counts for the part
  // that called it: its nearest caller with a script.
  const partOfNode = (id: number): string => {
    const frame = byId.get(id)!;
    if (frame.url || SPECIAL.has(frame.functionName)) return partOf(frame);
    for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
      const caller = byId.get(up)!;
      if (caller.url) return partOf(caller);
    }
    return partOf(frame);
  };
  const parts = new Map<string, number>();
  const functions = new Map<string, { part: string; us: number }>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === "(idle)") return;
    busy += us;
    const part = partOfNode(id);
    parts.set(part, (parts.get(part) ?? 0) + us);
    const name = `${frame.functionName || "(anonymous)"} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ""}`.trim();
    const entry = functions.get(name) ?? { part, us: 0 };
    entry.us += us;
    functions.set(name, entry);
  });
  return {
    busyMs: round(busy / 1000, 0),
    parts: [...parts]
      .sort((a, b) => b[1] - a[1])
      .map(([part, us]) => ({ part, ms: round(us / 1000, 0), share: round((100 * us) / busy, 1) })),
    functions: [...functions]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([name, f]) => ({ name, part: f.part, ms: round(f.us / 1000, 0) })),
  };
}

export function profileReport(title: string, s: ProfileSummary, per = 1, perLabel = ""): string {
  const each = (ms: number) => (per > 1 ? `  (${round(ms / per, 1)} ${perLabel})` : "");
  return [
    `${title}: ${s.busyMs} ms of CPU sampled${each(s.busyMs)}`,
    table(
      ["part", "ms", "%"],
      s.parts.map((p) => [p.part, `${p.ms}${each(p.ms)}`, p.share.toFixed(1)]),
      ["l", "r", "r"],
    ),
    "Top functions by self time:",
    table(
      ["function", "part", "ms"],
      s.functions.map((f) => [f.name.slice(0, 70), f.part, `${f.ms}${each(f.ms)}`]),
      ["l", "l", "r"],
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) console.log(profileReport(file, summarizeProfile(file, 25)));
}
