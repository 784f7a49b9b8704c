import { describe, expect, it } from 'vitest';
import { meanPassHatK, passHatK } from './pass-hat-k.js';

describe('pass^k (tau-bench unbiased estimator C(c,k)/C(n,k))', () => {
  it.each([
    [4, 4, 4, 1],
    [4, 3, 1, 0.75],
    [4, 3, 2, 0.5], // C(3,2)/C(4,2) = 3/6
    [4, 3, 3, 0.25], // C(3,3)/C(4,3) = 1/4
    [4, 3, 4, 0],
    [8, 6, 3, 20 / 56], // C(6,3)/C(8,3)
    [4, 0, 1, 0],
  ])('n=%i c=%i k=%i → %f', (n, c, k, expected) => {
    expect(passHatK(n, c, k)).toBeCloseTo(expected, 12);
  });

  it('refuses impossible counts instead of guessing', () => {
    expect(() => passHatK(3, 4, 1)).toThrow(RangeError);
    expect(() => passHatK(3, 2, 4)).toThrow(/k ≤ n/);
    expect(() => passHatK(3, 2, 0)).toThrow(RangeError);
    expect(() => passHatK(3, 1.5, 1)).toThrow(RangeError);
  });

  it('averages over tasks, and is lower for k than for 1 when a task is flaky', () => {
    const tasks = [
      { trials: 4, passes: 4 },
      { trials: 4, passes: 2 },
    ];
    expect(meanPassHatK(tasks, 1)).toBeCloseTo((1 + 0.5) / 2, 12);
    expect(meanPassHatK(tasks, 4)).toBeCloseTo((1 + 0) / 2, 12);
    expect(meanPassHatK([], 1)).toBeNull();
  });
});
