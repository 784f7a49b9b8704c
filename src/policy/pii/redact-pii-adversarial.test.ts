import { describe, expect, it } from 'vitest';
import { redactPii } from './redact-pii.js';

// Correctness on 100 KB inputs built to make backtracking regexes blow up. Time is measured
// outside the test suite; a test that asserted on time would be flaky on a loaded machine.
describe('redactPii on adversarial input', () => {
  it.each([
    ['one long digit run', '1'.repeat(100_000)],
    ['zeros', '0'.repeat(100_000)],
    ['phone digits glued into one run', '0671234567'.repeat(10_000)],
    ['country codes without numbers', '+380 '.repeat(20_000)],
    ['at-signs without domains', 'a@'.repeat(50_000)],
    ['letters without an at-sign', 'a'.repeat(100_000)],
    ['dots and letters without an at-sign', 'a.'.repeat(50_000)],
    ['an address whose domain never ends', `x@${'a.'.repeat(50_000)}`],
    ['Luhn-invalid card groups', '4111 '.repeat(20_000)],
    ['single digits and spaces', '1 '.repeat(50_000)],
    ['IBAN heads', 'UA21 '.repeat(20_000)],
    ['operator codes in parentheses', '(067) '.repeat(20_000)],
  ])('leaves %s unchanged', (_label, text) => {
    expect(text.length).toBeGreaterThanOrEqual(100_000);
    const result = redactPii(text);
    expect(result.total).toBe(0);
    expect(result.text).toBe(text);
  });

  it.each([
    ['cards', '4111 1111 1111 1111 '.repeat(5_000), 'CARD', 5_000],
    ['phones', '+380671234567 '.repeat(7_200), 'PHONE', 7_200],
    ['addresses', 'a@b.co '.repeat(15_000), 'EMAIL', 15_000],
    ['IPNs', '2222222225 '.repeat(9_100), 'IPN', 9_100],
  ] as const)('redacts every one of 100 KB of %s', (_label, text, type, count) => {
    expect(text.length).toBeGreaterThanOrEqual(100_000);
    const result = redactPii(text);
    expect(result.counts).toEqual({ [type]: count });
    expect(result.text).toBe(`[REDACTED:${type}] `.repeat(count));
  });
});
