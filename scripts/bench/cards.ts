/**
 * Social cards (docs/requirements/public-site.md#social-cards, ADR 033): what a card costs to make
 * and to serve again.
 *
 * BENCH_CARDS_ROUNDS (2) times: a fresh server on a scratch data folder; its public pages' og:image
 * (app/content/routes-index.ts) read from their HTML; then
 * 1. Render: each card asked for once, one after another (nothing cached): the time to its last
 *    byte, on loopback. The first card of a process also loads satori, resvg and the fonts: it is
 *    reported apart. Target: median and p95 <= 150 ms.
 * 2. Cached: each card asked for BENCH_CARDS_CACHED (10) more times: served from memory. Target:
 *    median and p95 <= 5 ms.
 * 3. In the last round, 20 requests at once for one card not yet made (the about page's, left out
 *    of 1): the time until all 20 answered (about one render's time when the server makes it once
 *    and serves the 19 others that waited), their ETags (one), and the server's RSS after every card.
 * Beside each wall time, the server process's CPU time over the same requests (all its threads:
 * resvg and sharp work on libuv's pool), divided by the number of requests: on a shared machine
 * the wall times grow with the load average, the CPU per card much less.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { publicPages } from "../../app/content/routes-index.ts";
import { httpGet, oneProcessEnv, percentile, readMemory, round, runPhaseAlone, startServer, table, TMP_ROOT } from "./lib.ts";

export const CARDS_TARGETS = { renderMs: 150, cachedMs: 5 } as const;

interface Stats {
  n: number;
  median: number;
  p95: number;
  max: number;
}
export interface CardsResult {
  pages: number;
  rounds: number;
  firstCardMs: number[];
  render: Stats;
  cached: Stats;
  burst: { requests: number; wallMs: number; etags: number; statuses: number[] };
  rssMb: number;
  bytes: Stats;
  /** The server's CPU (user + system, all threads) per request, in ms. */
  cpuPerRenderMs: number;
  cpuPerCachedMs: number;
}

/** A process's CPU time so far (user + system, every thread), in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ", in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const stats = (values: number[]): Stats => ({
  n: values.length,
  median: round(percentile(values, 50), 1),
  p95: round(percentile(values, 95), 1),
  max: round(Math.max(...values), 1),
});

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number; etag: string }> {
  const t0 = performance.now();
  const res = await httpGet(url, {}, 20_000);
  return { ms: performance.now() - t0, status: res.status, bytes: res.bytes, etag: String(res.headers.etag ?? "") };
}

export async function measureCards(): Promise<CardsResult> {
  const rounds = Math.max(1, Number(process.env.BENCH_CARDS_ROUNDS ?? 2));
  const cachedRuns = Math.max(1, Number(process.env.BENCH_CARDS_CACHED ?? 10));
  const firstCardMs: number[] = [];
  const render: number[] = [];
  const cached: number[] = [];
  const bytes: number[] = [];
  let burst: CardsResult["burst"] = { requests: 0, wallMs: 0, etags: 0, statuses: [] };
  let rssMb = 0;
  const cpu = { render: 0, renders: 0, cached: 0, serves: 0 };
  const paths = publicPages().map((p) => p.path);
  for (let round_ = 0; round_ < rounds; round_++) {
    const dataDir = mkdtempSync(path.join(TMP_ROOT, "bench-cards-"));
    const server = await startServer(60_000, oneProcessEnv(dataDir));
    try {
      const cards: string[] = [];
      for (const page of paths) {
        const html = await (await fetch(`${server.url}${page}`)).text();
        const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
        if (!image) throw new Error(`${page}: no og:image`);
        const url = new URL(image);
        cards.push(`${server.url}${url.pathname}${url.search}`);
      }
      const last = round_ === rounds - 1;
      const burstCard = cards.find((c) => c.includes("/og/about.png"))!;
      const measured = last ? cards.filter((c) => c !== burstCard) : cards;
      let cpuStart = 0;
      for (const [i, card] of measured.entries()) {
        if (i === 1) cpuStart = cpuMs(server.pid);
        const answer = await timed(card);
        if (answer.status !== 200) throw new Error(`${card}: ${answer.status}`);
        (i === 0 ? firstCardMs : render).push(answer.ms);
        bytes.push(answer.bytes);
      }
      cpu.render += cpuMs(server.pid) - cpuStart;
      cpu.renders += measured.length - 1;
      cpuStart = cpuMs(server.pid);
      for (let run = 0; run < cachedRuns; run++)
        for (const card of measured) {
          const answer = await timed(card);
          if (answer.status !== 200) throw new Error(`${card}: ${answer.status}`);
          cached.push(answer.ms);
        }
      cpu.cached += cpuMs(server.pid) - cpuStart;
      cpu.serves += cachedRuns * measured.length;
      if (last) {
        const t0 = performance.now();
        const answers = await Promise.all(Array.from({ length: 20 }, () => httpGet(burstCard, {}, 30_000)));
        burst = {
          requests: answers.length,
          wallMs: round(performance.now() - t0, 1),
          etags: new Set(answers.map((a) => a.headers.etag)).size,
          statuses: [...new Set(answers.map((a) => a.status))],
        };
        rssMb = readMemory(server.pid).rssMb;
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return {
    pages: paths.length,
    rounds,
    firstCardMs: firstCardMs.map((ms) => round(ms, 1)),
    render: stats(render),
    cached: stats(cached),
    burst,
    rssMb,
    bytes: stats(bytes.map((b) => b / 1024)),
    cpuPerRenderMs: round(cpu.render / Math.max(1, cpu.renders), 1),
    cpuPerCachedMs: round(cpu.cached / Math.max(1, cpu.serves), 2),
  };
}

export function cardsReport(r: CardsResult): string {
  return [
    "",
    `Social cards: ${r.pages} public pages, ${r.rounds} fresh server(s); first card of a process (loads the renderer): ${r.firstCardMs.join(", ")} ms`,
    table(
      ["figure", "n", "median", "p95", "max"],
      [
        ["render, ms (first request of a card)", r.render],
        ["cached, ms (from memory)", r.cached],
        ["card size, KiB", r.bytes],
      ].map(([label, s]) => [
        label as string,
        String((s as Stats).n),
        String((s as Stats).median),
        String((s as Stats).p95),
        String((s as Stats).max),
      ]),
      ["l", "r", "r", "r", "r"],
    ),
    `server CPU per request (all threads): render ${r.cpuPerRenderMs} ms, cached ${r.cpuPerCachedMs} ms`,
    `20 requests at once for one card not yet made: all answered in ${r.burst.wallMs} ms, statuses ${r.burst.statuses.join(",")}, ` +
      `${r.burst.etags} distinct ETag(s); server RSS after every card ${r.rssMb} MB`,
  ].join("\n");
}

export function cardsFigures(r: CardsResult) {
  const g = "Social cards";
  return [
    {
      group: g,
      figure: "render per card, median",
      value: r.render.median,
      unit: "ms",
      target: { op: "<=" as const, limit: CARDS_TARGETS.renderMs },
    },
    {
      group: g,
      figure: "render per card, p95",
      value: r.render.p95,
      unit: "ms",
      target: { op: "<=" as const, limit: CARDS_TARGETS.renderMs },
      note: `first card of a process ${r.firstCardMs.join(", ")} ms`,
    },
    { group: g, figure: "server CPU per render", value: r.cpuPerRenderMs, unit: "ms", note: `cached serve ${r.cpuPerCachedMs} ms of CPU` },
    {
      group: g,
      figure: "cached serve, median",
      value: r.cached.median,
      unit: "ms",
      target: { op: "<=" as const, limit: CARDS_TARGETS.cachedMs },
    },
    {
      group: g,
      figure: "cached serve, p95",
      value: r.cached.p95,
      unit: "ms",
      target: { op: "<=" as const, limit: CARDS_TARGETS.cachedMs },
    },
    {
      group: g,
      figure: "20 at once, one uncached card",
      value: r.burst.wallMs,
      unit: "ms",
      note: `${r.burst.etags} ETag, statuses ${r.burst.statuses.join(",")}; RSS ${r.rssMb} MB`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) await runPhaseAlone(measureCards, cardsReport, cardsFigures);
