/**
 * Server cold start: from spawning `node build/server-runtime/index.js` to the first 200 from
 * /healthz (polled every 2 ms on loopback), median of 5 starts, each stopped before the next.
 * The "ready in N ms" the server prints itself is kept alongside. A start includes rendering the
 * public pages from the published content (server/page-renderer.ts), before /healthz answers.
 */
import { log, median, round, startServer } from "./lib.ts";

export interface ColdStartResult {
  runsMs: number[];
  medianMs: number;
  reportedReadyMs: number[];
  reportedReadyMedianMs: number;
}

export async function measureColdStart(starts = 5): Promise<ColdStartResult> {
  const runsMs: number[] = [];
  const reported: number[] = [];
  for (let i = 1; i <= starts; i++) {
    const server = await startServer();
    try {
      runsMs.push(round(server.readyMs, 0));
      if (server.reportedReadyMs !== undefined) reported.push(server.reportedReadyMs);
      log(
        `cold start ${i}/${starts}: ${Math.round(server.readyMs)} ms to /healthz 200 (server says ready in ${server.reportedReadyMs ?? "?"} ms)`,
      );
    } finally {
      await server.stop();
    }
  }
  return {
    runsMs,
    medianMs: round(median(runsMs), 0),
    reportedReadyMs: reported,
    reportedReadyMedianMs: round(median(reported), 0),
  };
}
