import { describe, expect, it } from 'vitest';
import { cardSpanLength } from './card-span-length.js';

describe('cardSpanLength', () => {
  it('measures a whole valid card', () => {
    expect(cardSpanLength('4111 1111 1111 1111')).toBe(19);
    expect(cardSpanLength('4111111111111111')).toBe(16);
  });

  it('finds the card at the start of a longer grouped run (card followed by expiry month)', () => {
    expect(cardSpanLength('4111 1111 1111 1111 12')).toBe(19);
  });

  it('never cuts a card out of the middle of a digit group', () => {
    // 4111111111111111 is valid, but here its last digit is glued to two more.
    expect(cardSpanLength('4111 1111 1111 111112')).toBe(0);
  });

  it('rejects a Luhn-invalid number and one that is too short', () => {
    expect(cardSpanLength('4111 1111 1111 1112')).toBe(0);
    expect(cardSpanLength('4111 1111 1111')).toBe(0);
  });
});
