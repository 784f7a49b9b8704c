// Order statistics for benchmark samples. Percentiles are nearest-rank on the sorted samples.

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values) => percentile(values, 50);

export function mean(values) {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}

const round = (value, digits) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** n, min, median, p95, max and mean of `values`, rounded for the report. */
export function summarise(values, digits = 2) {
  return {
    n: values.length,
    min: round(Math.min(...values), digits),
    median: round(median(values), digits),
    p95: round(percentile(values, 95), digits),
    max: round(Math.max(...values), digits),
    mean: round(mean(values), digits),
  };
}

export { round };
