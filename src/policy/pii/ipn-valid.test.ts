import { describe, expect, it } from 'vitest';
import { ipnValid } from './ipn-valid.js';

describe('ipnValid', () => {
  it.each([
    ['2222222225', 'sum 104, 104 mod 11 = 5'],
    ['1234567899', 'sum 295, 295 mod 11 = 9'],
    ['0200000000', 'sum 10, 10 mod 11 mod 10 = 0'],
  ])('accepts %s (%s)', (code) => {
    expect(ipnValid(code)).toBe(true);
  });

  it.each([['1234567890'], ['2222222220'], ['0200000001'], ['123456789'], ['12345678901'], ['12345678x9'], ['']])(
    'rejects %j',
    (code) => {
      expect(ipnValid(code)).toBe(false);
    },
  );
});
