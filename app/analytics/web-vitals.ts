import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

import { pushEvent } from "./analytics";

/** Real-user monitoring: each Web Vital goes to the dataLayer as a web_vitals event. */
export function reportWebVitals(): void {
  const report = (metric: Metric) =>
    pushEvent({
      event: "web_vitals",
      metric_name: metric.name,
      metric_value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value) / (metric.name === "CLS" ? 1000 : 1),
      metric_rating: metric.rating,
      metric_id: metric.id,
      page_location: window.location.href,
    });
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
