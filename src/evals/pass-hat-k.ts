/**
 * The unbiased estimator of pass^k for one task (tau-bench): the chance that k trials drawn without
 * replacement from n, of which c passed, all pass, C(c, k) / C(n, k). Computed as a product of ratios,
 * so large n cannot overflow. Throws RangeError unless 0 ≤ c ≤ n and 1 ≤ k ≤ n (whole numbers).
 */
export function passHatK(n: number, c: number, k: number): number {
  if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`pass^k needs whole numbers with 0 ≤ c ≤ n and 1 ≤ k ≤ n; got n=${n}, c=${c}, k=${k}`);
  }
  let estimate = 1;
  for (let i = 0; i < k; i += 1) estimate *= (c - i) / (n - i);
  return Math.max(0, estimate);
}

/** pass^k over tasks: the mean of each task's estimate (tasks with no trials are left out). */
export function meanPassHatK(tasks: ReadonlyArray<{ trials: number; passes: number }>, k: number): number | null {
  const counted = tasks.filter((t) => t.trials > 0);
  if (counted.length === 0) return null;
  return counted.reduce((sum, t) => sum + passHatK(t.trials, t.passes, k), 0) / counted.length;
}
