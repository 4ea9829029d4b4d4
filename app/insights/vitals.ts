/**
 * Web Vitals as Insights shows them (docs/requirements/insights.md#insights-dashboard): the row the server's
 * query answers, Google's thresholds and how a value is written. No server code, so the dashboard's
 * components and the weekly summary share it.
 */
import type { WebVitalMetric } from "~/db/schema.server";

export type VitalMetric = WebVitalMetric;

export interface VitalRow {
  metric: VitalMetric;
  /** "all", or the page, page family or device. */
  group: string;
  p75: number;
  samples: number;
  good: number;
  needsImprovement: number;
  poor: number;
}

/** Google's thresholds (docs/requirements/insights.md#insights-dashboard): good up to the first, poor above the second. */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type VitalRating = "Good" | "Needs improvement" | "Poor";

export function vitalRating(metric: VitalMetric, p75: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return p75 <= good ? "Good" : p75 <= poor ? "Needs improvement" : "Poor";
}

/** "0.12" for CLS, "640 ms" under a second, "4.6 s" from a second. */
export function vitalValue(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}
