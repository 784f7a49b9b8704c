import { describe, expect, it } from 'vitest';
import { luhnValid } from './luhn-valid.js';

describe('luhnValid', () => {
  it.each([
    '4111111111111111',
    '4242424242424242',
    '5555555555554444',
    '5375414100000008',
    '378282246310005',
    '4222222222222',
    '6304000000000000000',
    '4111 1111 1111 1111',
    '5375-4141-0000-0008',
  ])('accepts the valid number %s', (value) => {
    expect(luhnValid(value)).toBe(true);
  });

  it.each([
    '4111111111111112',
    '5375-4141-0000-0004',
    '4242424242424241',
    '378282246310006',
    '4111x1111111111111',
    '',
    '0',
    ' - ',
  ])('rejects %j', (value) => {
    expect(luhnValid(value)).toBe(false);
  });

  it('catches every single-digit error in a valid number', () => {
    const valid = '4111111111111111';
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        expect(luhnValid(valid.slice(0, i) + d + valid.slice(i + 1)), `${i}:${d}`).toBe(false);
      }
    }
  });
});
