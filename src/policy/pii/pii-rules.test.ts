import { describe, expect, it } from 'vitest';
import { ALL_PII_RULES } from './pii-rules.js';

// redactPii skips a rule when the view holds fewer digits than the rule's minDigits, or no @ when it
// needs one: sound only if no match of its pattern ever holds fewer.
const PIECES = ['0', '1', '3', '38', '380', '067', '5', '9', '12', ' ', '-', '.', '+', '(', ')', '[', ']', 'UA', 'ua', 'КН', 'KH', '№', '@', 'ivan', 'mail.com', '(at)', '[dot]', ' at ', 'a', '_', '\n'];

describe('PII rules: what every match needs', () => {
  it('holds at least minDigits ASCII digits, and an @ where needed, in every match of every rule', () => {
    let state = 5;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const texts = Array.from({ length: 60_000 }, () => Array.from({ length: 4 + Math.floor(next() * 30) }, () => PIECES[Math.floor(next() * PIECES.length)] ?? '').join(''));
    texts.push('UA213223130000026007233566001', '4111 1111 1111 1111', '+380 67 123 45 67', '0 6 7 1 2 3 4 5 6 7', 'КН 123456', '123 456 789', 'ivan (at) mail (dot) com', 'ivan at gmail dot com', 'a@b.ua', '1234567890', '12345678', '1234 567 890', '1234 5678');
    const wrong: string[] = [];
    const matched = new Set<number>();
    ALL_PII_RULES.forEach((rule, index) => {
      for (const text of texts) {
        for (const match of text.matchAll(rule.pattern)) {
          matched.add(index);
          const digits = match[0].replace(/[^0-9]/g, '').length;
          if (digits < rule.minDigits || (rule.needsAt === true && !match[0].includes('@'))) wrong.push(`${rule.type}: ${match[0]}`);
        }
      }
    });
    expect(wrong).toEqual([]);
    expect(matched.size).toBe(ALL_PII_RULES.length);
  });
});
