/**
 * Web Vitals histograms (app/insights/vital-histogram.ts): the 75th percentile read from the
 * buckets of the daily aggregates stays within 2 % of the exact one, whatever the samples.
 */
import { describe, expect, it } from "vitest";

import type { WebVitalMetric } from "~/db/schema.server";
import { addHistogram, BUCKET_GROWTH, histogramPercentile, vitalBucket, type Histogram } from "~/insights/vital-histogram";

/** PostgreSQL's percentile_cont: linear between the samples around rank p × (n − 1). */
function exact(values: number[], p = 0.75): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (rank - low);
}

function histogramOf(metric: WebVitalMetric, values: number[]): Histogram {
  const stored: Record<string, number> = {};
  for (const value of values) {
    const bucket = String(vitalBucket(metric, value));
    stored[bucket] = (stored[bucket] ?? 0) + 1;
  }
  return addHistogram(new Map(), stored);
}

/** A deterministic spread of samples (a small linear congruential generator). */
function samples(count: number, scale: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const u = state / 2 ** 31;
    return Math.round(scale * -Math.log(1 - u) * 100) / 100; // long-tailed, like load times
  });
}

describe("Web Vitals histograms", () => {
  it.each([
    ["LCP", 2_000],
    ["INP", 150],
    ["TTFB", 600],
    ["FCP", 1_200],
    ["CLS", 0.08],
  ] as const)("read the 75th percentile of %s within 2 %% of the exact one", (metric, scale) => {
    for (const [count, seed] of [
      [7, 1],
      [101, 2],
      [5_000, 3],
    ] as const) {
      const values = samples(count, scale, seed);
      const want = exact(values);
      const got = histogramPercentile(metric, histogramOf(metric, values));
      expect(Math.abs(got - want)).toBeLessThanOrEqual(want * (BUCKET_GROWTH - 1) + (metric === "CLS" ? 0.001 : 1));
    }
  });

  it("sums the histograms of several days into the percentile of all their samples", () => {
    const monday = samples(400, 2_500, 11);
    const tuesday = samples(900, 1_500, 12);
    const both = addHistogram(histogramOf("LCP", monday), Object.fromEntries(histogramOf("LCP", tuesday)));
    const want = exact([...monday, ...tuesday]);
    expect(Math.abs(histogramPercentile("LCP", both) - want)).toBeLessThanOrEqual(want * 0.02 + 1);
  });

  it("keeps a zero in the first bucket, scales CLS finer than milliseconds, and answers 0 for no samples", () => {
    expect(vitalBucket("LCP", 0)).toBe(0);
    expect(vitalBucket("CLS", 0.1)).toBeGreaterThan(vitalBucket("CLS", 0.09));
    expect(vitalBucket("LCP", -5)).toBe(0);
    expect(histogramPercentile("INP", new Map())).toBe(0);
    expect(histogramPercentile("CLS", histogramOf("CLS", [0.25]))).toBeCloseTo(0.25, 2);
  });
});
