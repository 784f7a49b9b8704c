import { describe, expect, it } from 'vitest';
import { normaliseForMatching } from './normalise-for-matching.js';

describe('normaliseForMatching', () => {
  it('applies NFKC, strips invisible characters and lower-cases', () => {
    expect(normaliseForMatching('ＩＧＮ\u200BＯＲＥ\uFEFF')).toBe('ignore');
  });

  it('collapses spaces but keeps one line break where lines broke', () => {
    expect(normaliseForMatching('a \t b\r\n\n   c')).toBe('a b\nc');
  });

  it('unifies Ukrainian apostrophes', () => {
    expect(normaliseForMatching('пам’ять обʼєкт')).toBe("пам'ять об'єкт");
  });

  it('lower-cases without locale rules', () => {
    expect(normaliseForMatching('IGNORE')).toBe('ignore');
    expect(normaliseForMatching('ІГНОРУЙ')).toBe('ігноруй');
  });
});
