/** Summaries of repeated measurements: this machine is shared and noisy, so medians, not means. */

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]);
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * @param {number[]} values
 * @returns {{ median: number; min: number; max: number; runs: number }}
 */
export function summarize(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}
