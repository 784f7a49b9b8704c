import { describe, expect, it } from 'vitest';
import { PII_CANDIDATE_HINT } from './pii-patterns.js';
import { mayHoldPii } from './redact-pii.js';

// redactPii asks mayHoldPii in place of the hint regex: they must agree on every text.
const PIECES = ['a', 'at', 'AT', 'At', ' ', '  ', '(', ')', '[', ']', '{', '}', '<', '>', 'dot', 'DOT', 'Dot', '@', '5', 'x', 'слово', '\n', '.', '０', 'gmail', 'mail', 'i'];

describe('mayHoldPii', () => {
  it('says what PII_CANDIDATE_HINT says', () => {
    let state = 3;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let holding = 0;
    for (let i = 0; i < 40_000; i++) {
      const text = Array.from({ length: Math.floor(next() * 12) }, () => PIECES[Math.floor(next() * PIECES.length)] ?? '').join('');
      const digits = text.replace(/[^0-9]/g, '').length;
      const expected = PII_CANDIDATE_HINT.test(text);
      if (expected) holding++;
      expect(mayHoldPii(text, digits, text.includes('@')), text).toBe(expected);
    }
    // Both answers are common, so a check that always said one of them would fail.
    expect(holding).toBeGreaterThan(5_000);
    expect(holding).toBeLessThan(35_000);
  });
});
