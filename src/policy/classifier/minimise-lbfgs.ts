/** Settings of {@link minimiseLbfgs}. */
export interface LbfgsOptions {
  /** Iterations at most (default 1000). */
  readonly maxIterations?: number;
  /** Correction pairs kept (default 10). */
  readonly history?: number;
  /** Stop when the largest gradient component is below this (default 1e-5). */
  readonly gradientTolerance?: number;
  /** Stop when an iteration lowers the objective by less than this share of it (default 1e-10). */
  readonly relativeTolerance?: number;
}

/**
 * Minimises a smooth convex function by limited-memory BFGS (Nocedal and Wright, algorithm 7.4)
 * with a backtracking line search on the Armijo condition. `fg(x, gradient)` returns f(x) and
 * writes its gradient. Deterministic; returns the last point reached.
 */
export function minimiseLbfgs(fg: (x: Float64Array, gradient: Float64Array) => number, start: Float64Array, options: LbfgsOptions = {}): Float64Array {
  const { maxIterations = 1000, history = 10, gradientTolerance = 1e-5, relativeTolerance = 1e-10 } = options;
  const n = start.length;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = fg(x, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rhos: number[] = [];
  const direction = new Float64Array(n);
  const alphas = new Float64Array(history);
  let next = new Float64Array(n);
  let nextGradient = new Float64Array(n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (largest(gradient) < gradientTolerance) break;
    // The two-loop recursion: direction = -H·gradient.
    for (let i = 0; i < n; i++) direction[i] = -(gradient[i] as number);
    for (let k = steps.length - 1; k >= 0; k--) {
      const alpha = (rhos[k] as number) * dot(steps[k] as Float64Array, direction);
      alphas[k] = alpha;
      axpy(-alpha, changes[k] as Float64Array, direction);
    }
    const last = steps.length - 1;
    const scale = last >= 0 ? dot(steps[last] as Float64Array, changes[last] as Float64Array) / dot(changes[last] as Float64Array, changes[last] as Float64Array) : 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
    for (let i = 0; i < n; i++) direction[i] = (direction[i] as number) * scale;
    for (let k = 0; k < steps.length; k++) {
      const beta = (rhos[k] as number) * dot(changes[k] as Float64Array, direction);
      axpy((alphas[k] as number) - beta, steps[k] as Float64Array, direction);
    }
    let slope = dot(gradient, direction);
    if (slope >= 0) {
      // Not a descent direction (rounding): restart from the steepest descent.
      steps.length = 0;
      changes.length = 0;
      rhos.length = 0;
      for (let i = 0; i < n; i++) direction[i] = -(gradient[i] as number) / Math.max(1, Math.sqrt(dot(gradient, gradient)));
      slope = dot(gradient, direction);
    }
    let step = 1;
    let nextValue = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 40; tries++) {
      for (let i = 0; i < n; i++) next[i] = (x[i] as number) + step * (direction[i] as number);
      nextValue = fg(next, nextGradient);
      if (nextValue <= value + 1e-4 * step * slope) break;
      step /= 2;
    }
    if (!(nextValue < value)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = (next[i] as number) - (x[i] as number);
      y[i] = (nextGradient[i] as number) - (gradient[i] as number);
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      steps.push(s);
      changes.push(y);
      rhos.push(1 / sy);
      if (steps.length > history) {
        steps.shift();
        changes.shift();
        rhos.shift();
      }
    }
    const improvement = value - nextValue;
    [x, next] = [next, x];
    [gradient, nextGradient] = [nextGradient, gradient];
    value = nextValue;
    if (improvement <= relativeTolerance * Math.max(1, Math.abs(value))) break;
  }
  return x;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function axpy(a: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i++) y[i] = (y[i] as number) + a * (x[i] as number);
}

function largest(values: Float64Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i] as number));
  return max;
}
