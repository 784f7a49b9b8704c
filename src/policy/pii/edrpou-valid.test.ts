import { describe, expect, it } from 'vitest';
import { edrpouValid } from './edrpou-valid.js';

describe('edrpouValid', () => {
  it.each([
    ['00032129', 'below 30000000, weights 1..7'],
    ['14360570', 'below 30000000, remainder 0'],
    ['20077720', 'below 30000000'],
    ['40075815', 'between 30000000 and 60000000, weights 7,1..6'],
    ['00000329', 'remainder 10, second pass with weights +2 gives 9'],
    ['00006050', 'remainder 10 twice, check digit 0'],
    ['30000005', 'exactly at the lower bound of the middle range, second pass'],
    ['60000006', 'above 60000000, weights 1..7 again'],
  ])('accepts %s (%s)', (code) => {
    expect(edrpouValid(code)).toBe(true);
  });

  it.each([
    ['12345679', 'wrong check digit'],
    ['14360571', 'one off'],
    ['00000320', 'remainder 10 taken as is instead of recomputed'],
    ['30000003', 'middle-range code checked with the low weights'],
    ['60000009', 'code above 60000000 checked with the middle weights'],
    ['1436057', 'seven digits'],
    ['143605700', 'nine digits'],
    ['1436057a', 'a letter'],
  ])('rejects %s (%s)', (code) => {
    expect(edrpouValid(code)).toBe(false);
  });
});
