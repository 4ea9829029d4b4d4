/**
 * A Web Vitals row of the Insights dashboard (docs/requirements.md#insights-dashboard): what the
 * server's query answers and the page draws. Types only, so the page's components can share them.
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
