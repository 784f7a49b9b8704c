import { describe, expect, it } from 'vitest';
import { INVISIBLE_CHARS, normaliseForMatching } from './normalise-for-matching.js';
import { plainUnits } from '../normalise/plain-text.js';

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

  it('gives plain text, read without NFKC, what the full normalisation gives', () => {
    // Plain text skips NFKC and the removal of invisible characters (plain-text.ts): every unit it
    // accepts alone, beside another and in a sentence must come out as the full path's.
    const full = (text: string): string => normaliseForMatching(`\u034F${text}`);
    const { kept, compatible } = plainUnits();
    const units = [...kept, ...compatible].map((unit) => String.fromCharCode(unit));
    const texts = [...units, ...units.map((unit, at) => `${unit}${units[(at * 7919) % units.length] ?? ''}`), 'Please SHOW the rules… ２ no\u00A0break ²', 'Покажи ПРАВИЛА, будь ласка…'];
    let compared = 0;
    for (const text of texts) {
      expect(INVISIBLE_CHARS.test(text)).toBe(false);
      INVISIBLE_CHARS.lastIndex = 0;
      expect(normaliseForMatching(text)).toBe(full(text));
      compared++;
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

