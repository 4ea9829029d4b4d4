/**
 * Web Vitals histograms (docs/requirements/insights.md#insights-dashboard, ADR 023): the daily aggregates
 * keep each metric's samples as counts in buckets 2 % wide, so the 75th percentile of any run of
 * days is read from the sum of their histograms (percentiles themselves do not add up), within
 * 2 % of the exact figure. Pure functions, shared by the SQL that fills the buckets and the code
 * that reads them, so both use one bucket rule.
 */
import type { WebVitalMetric } from "~/db/schema.server";

/** Each bucket's upper bound is 2 % above its lower bound (on 1 + the scaled value). */
export const BUCKET_GROWTH = 1.02;
/** CLS is a small unitless score (0.1 is good): scaled by 1,000 so that its buckets are as fine as the milliseconds'. */
export const VITAL_SCALE: Record<WebVitalMetric, number> = { LCP: 1, INP: 1, CLS: 1000, FCP: 1, TTFB: 1 };

/** The bucket of a sample: the whole b with 1.02^b <= 1 + scaled value < 1.02^(b+1). */
export function vitalBucket(metric: WebVitalMetric, value: number): number {
  return Math.floor(Math.log1p(Math.max(0, value) * VITAL_SCALE[metric]) / Math.log(BUCKET_GROWTH));
}

/** The same rule in SQL, on the columns `metric` and `value` of the table aliased `n`. */
export const VITAL_BUCKET_SQL = `floor(ln(1 + greatest(n.value, 0) * case when n.metric = 'CLS' then ${VITAL_SCALE.CLS} else 1 end) / ln(${BUCKET_GROWTH}))::int`;

export type Histogram = Map<number, number>;

/** Adds a stored histogram (JSON: bucket as text → samples) into `into`, times `sign` (-1: takes it away). */
export function addHistogram(into: Histogram, stored: Record<string, number>, sign = 1): Histogram {
  for (const [bucket, samples] of Object.entries(stored))
    into.set(Number(bucket), (into.get(Number(bucket)) ?? 0) + sign * Number(samples));
  return into;
}

/**
 * The `p` percentile of the samples counted in `histogram`, as PostgreSQL's percentile_cont
 * computes it (linear between the samples around rank p × (n − 1)), each sample taken at its
 * place among the bucket's samples spread evenly through the bucket on its logarithmic scale:
 * every sample is within one bucket (2 %) of its true value, and so is the result. 0 for no samples.
 */
export function histogramPercentile(metric: WebVitalMetric, histogram: Histogram, p = 0.75): number {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return 0;
  /** The k-th smallest sample (0-based), as its bucket places it. */
  const sample = (k: number): number => {
    let before = 0;
    for (const [bucket, n] of buckets) {
      if (k < before + n) return (Math.pow(BUCKET_GROWTH, bucket + (k - before + 0.5) / n) - 1) / VITAL_SCALE[metric];
      before += n;
    }
    return 0; // not reached: k < total
  };
  const rank = p * (total - 1);
  const low = Math.floor(rank);
  const lower = sample(low);
  return low + 1 < total ? lower + (sample(low + 1) - lower) * (rank - low) : lower;
}
