import { describe, expect, it } from 'vitest';
import { minimiseLbfgs } from './minimise-lbfgs.js';

describe('minimiseLbfgs', () => {
  it('finds the minimum of a badly scaled quadratic', () => {
    const scales = [1, 10, 100, 1000];
    const target = [3, -2, 0.5, 7];
    const solution = minimiseLbfgs((x, gradient) => {
      let value = 0;
      for (let i = 0; i < x.length; i++) {
        const d = (x[i] as number) - (target[i] as number);
        value += 0.5 * (scales[i] as number) * d * d;
        gradient[i] = (scales[i] as number) * d;
      }
      return value;
    }, new Float64Array(4));
    for (let i = 0; i < 4; i++) expect(solution[i]).toBeCloseTo(target[i] as number, 4);
  });

  it('minimises the Rosenbrock function from its usual start', () => {
    const solution = minimiseLbfgs((x, gradient) => {
      const [a, b] = [x[0] as number, x[1] as number];
      gradient[0] = -2 * (1 - a) - 400 * a * (b - a * a);
      gradient[1] = 200 * (b - a * a);
      return (1 - a) ** 2 + 100 * (b - a * a) ** 2;
    }, Float64Array.from([-1.2, 1]), { maxIterations: 500, gradientTolerance: 1e-8 });
    expect(solution[0]).toBeCloseTo(1, 3);
    expect(solution[1]).toBeCloseTo(1, 3);
  });

  it('stops at its iteration limit and returns where it got', () => {
    const solution = minimiseLbfgs((x, gradient) => {
      gradient[0] = 2 * ((x[0] as number) - 5);
      return ((x[0] as number) - 5) ** 2;
    }, new Float64Array(1), { maxIterations: 0 });
    expect(solution[0]).toBe(0);
  });
});
