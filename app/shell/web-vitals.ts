import { onCLS, onINP, onLCP, type Metric } from "web-vitals";

function log(metric: Pick<Metric, "name" | "value" | "rating">): void {
  console.info(`[web-vitals] ${metric.name}`, Math.round(metric.value * 1000) / 1000, metric.rating);
}

/**
 * Logs LCP, CLS and INP to the console (docs/product-rules.md#site), and FID where the browser still reports first-input timing:
 * web-vitals dropped FID when INP replaced it, so it is read from the Event Timing API directly.
 */
export function reportWebVitals(): void {
  onLCP(log);
  onCLS(log);
  // Every interaction that takes a frame or more counts (the library's default ignores those under 40 ms).
  onINP(log, { durationThreshold: 16 });
  if (PerformanceObserver.supportedEntryTypes?.includes("first-input")) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        const value = entry.processingStart - entry.startTime;
        log({ name: "FID" as Metric["name"], value, rating: value <= 100 ? "good" : value <= 300 ? "needs-improvement" : "poor" });
      }
    }).observe({ type: "first-input", buffered: true });
  }
}
