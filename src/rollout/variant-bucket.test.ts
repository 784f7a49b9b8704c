import { describe, expect, it } from 'vitest';
import { inCanary, variantBucket } from './variant-bucket.js';

const users = Array.from({ length: 20_000 }, (_, i) => `user-${i}`);

describe('variantBucket', () => {
  it('gives a user the same bucket every time, and another tenant or change another one', () => {
    const bucket = variantBucket('acme', 'user-7', 'chg-1');
    expect(variantBucket('acme', 'user-7', 'chg-1')).toBe(bucket);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(10_000);
    const others = users.slice(0, 50).map((user) => [variantBucket('acme', user, 'chg-1'), variantBucket('globex', user, 'chg-1'), variantBucket('acme', user, 'chg-2')]);
    expect(others.filter(([a, b]) => a === b).length).toBeLessThan(3);
    expect(others.filter(([a, , c]) => a === c).length).toBeLessThan(3);
  });

  it('puts about the percentage asked for in the canary, and a user in 10% stays in at 20%', () => {
    for (const percent of [1, 10, 50]) {
      const share = users.filter((user) => inCanary('acme', user, 'chg-1', percent)).length / users.length;
      // 20,000 users: the binomial standard deviation at 50% is 0.35 points; 1 point is ~3 of them.
      expect(Math.abs(share * 100 - percent)).toBeLessThan(1);
    }
    const at10 = users.filter((user) => inCanary('acme', user, 'chg-1', 10));
    expect(at10.every((user) => inCanary('acme', user, 'chg-1', 20))).toBe(true);
    expect(users.some((user) => inCanary('acme', user, 'chg-1', 0))).toBe(false);
    expect(users.every((user) => inCanary('acme', user, 'chg-1', 100))).toBe(true);
  });
});
