/** Small statistics helpers: every number the benchmark reports goes through these. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank on the sorted sample: p95 of 3 rounds is the largest, p50 of 3 the middle one.
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values: readonly number[]) => percentile(values, 50);
export const p95 = (values: readonly number[]) => percentile(values, 95);

export interface Summary {
  median: number;
  p95: number;
  n: number;
}

export function summarize(values: readonly number[]): Summary {
  return { median: round(median(values)), p95: round(p95(values)), n: values.length };
}

/** Keeps results readable: 4 significant digits. */
export function round(value: number, digits = 4): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}

export function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? round(numerator / denominator) : Number.NaN;
}
