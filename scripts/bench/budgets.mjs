/**
 * The performance budgets (README, "Measured quality"). Each is checked against a median; the report gives the
 * range beside it. `atMost` budgets pass when the median is at or under the target, `atLeast`
 * ones when it is at or over.
 *
 * @typedef {{ label: string; target: number; kind: "atMost" | "atLeast"; unit: Unit; stretch?: boolean }} Budget
 * @typedef {"score" | "ms" | "cls" | "kB" | "count" | "ms/request"} Unit
 */

/** Lighthouse, mobile preset, on every measured page. */
export const lighthouseBudgets = {
  performance: { label: "Performance", target: 99, kind: "atLeast", unit: "score" },
  accessibility: { label: "Accessibility", target: 100, kind: "atLeast", unit: "score" },
  bestPractices: { label: "Best Practices", target: 100, kind: "atLeast", unit: "score" },
  seo: { label: "SEO", target: 100, kind: "atLeast", unit: "score" },
  lcp: { label: "LCP", target: 1800, kind: "atMost", unit: "ms" },
  cls: { label: "CLS", target: 0.01, kind: "atMost", unit: "cls" },
  tbt: { label: "TBT", target: 50, kind: "atMost", unit: "ms" },
};

/**
 * Lighthouse Performance on the signed-in pages (the other Lighthouse budgets as above, except SEO:
 * private pages ask not to be indexed): the member
 * pages keep the 100 they scored when first measured; the concierge console, a staff tool of long
 * tables, at least 95. Their first load's JavaScript has the budget of `/` (weightBudgets.jsGzip).
 */
export const signedInPerformance = { member: 100, staff: 95 };

/** Reported, never failing the run: reachable only when first paint does not wait on scripts. */
export const stretchLcpOnHome = { label: "LCP on / (stretch)", target: 1200, kind: "atMost", unit: "ms", stretch: true };

/** The first load of `/`. Sizes in kB of 1000 bytes, gzipped. */
export const weightBudgets = {
  jsGzip: { label: "JavaScript, gzip", target: 120, kind: "atMost", unit: "kB" },
  cssGzip: { label: "CSS, gzip", target: 20, kind: "atMost", unit: "kB" },
  htmlGzip: { label: "HTML, gzip", target: 25, kind: "atMost", unit: "kB" },
  largestAboveTheFoldImage: { label: "Largest above-the-fold image", target: 100, kind: "atMost", unit: "kB" },
  preloadedFonts: { label: "Preloaded font files", target: 2, kind: "atMost", unit: "count" },
  thirdPartyRequests: { label: "Third-party requests (reCAPTCHA included)", target: 0, kind: "atMost", unit: "count" },
};

/** SSR of `/` at one connection: 1 / throughput, well inside the free plan's 10 ms of CPU. */
export const ssrCostBudget = { label: "SSR / per request (1 / throughput, 1 connection)", target: 3, kind: "atMost", unit: "ms/request" };

/**
 * A code request, a code check and a passkey check, each at one connection: sign-in used to cost
 * about 2,500 ms of CPU per password check (docs/decisions/008-passwordless-sign-in.md).
 */
export const signInCostBudget = { label: "server time per request (1 connection)", target: 50, kind: "atMost", unit: "ms" };

/** @param {Budget} budget @param {number} value */
export function meets(budget, value) {
  return budget.kind === "atMost" ? value <= budget.target : value >= budget.target;
}

/** The door's verdict on the device, from the decoded code to the verdict on screen (docs/product-rules.md#door). */
export const doorVerifyBudget = { label: "verify (95th percentile)", target: 100, kind: "atMost", unit: "ms" };
