import { describe, expect, it } from 'vitest';
import { COMPATIBLE, compatibleForms, GREEK_OR_CYRILLIC_PLAIN, plainKind, plainUnits } from './plain-text.js';
import { stripCombiningMarks } from './strip-combining-marks.js';
import { stripInvisible } from './strip-invisible.js';

// computeView skips invisible characters, NFKC and marks for plain text and writes a few characters
// in their NFKC form instead: that must be exactly what those steps did.
const { kept, compatible } = plainUnits();
const accepted = new Set([...kept, ...compatible]);
const firstSteps = (text: string): string => stripCombiningMarks(stripInvisible(text));

describe('plain text', () => {
  it('holds the letters, digits and punctuation of ordinary en/uk/ru text, and not the disguises', () => {
    expect(plainKind('Where is TTN-000005? Refund 720 UAH — “now” ≤ 3 kg.')).toBe(1);
    expect(plainKind('Де посилка? Її вже відправили й доставили, ₴720.') & GREEK_OR_CYRILLIC_PLAIN).not.toBe(0);
    expect(plainKind('Wait… 5 m²') & COMPATIBLE).not.toBe(0);
    expect(compatibleForms('Wait… 5 m²\u00A0ok')).toBe('Wait... 5 m2 ok');
    for (const disguised of ['ig\u200Bnore', 'ＩＧＮＯＲＥ', 'i\u0336g', 'ïgnore', 'a\u2800b', 'ǅ', '´', '😀', 'ѓ']) expect(plainKind(disguised), disguised).toBe(-1);
  });

  it('is what invisible-character removal, NFKC and mark stripping make of it, unit by unit and in any sequence', () => {
    const wrong = [...kept, ...compatible].map((unit) => String.fromCharCode(unit)).filter((char) => {
      const expected = plainKind(char) & COMPATIBLE ? compatibleForms(char) : char;
      return firstSteps(char) !== expected || char.normalize('NFKC') !== expected;
    });
    expect(wrong).toEqual([]);
    expect(compatible.length).toBeGreaterThan(50);
    let state = 3;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = [...accepted].map((unit) => String.fromCharCode(unit));
    const texts = Array.from({ length: 4000 }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)] ?? '').join(''));
    texts.push('й ї ё ў Й Ї Ё Ў и\u2026і\u00A0е² у');
    expect(texts.filter((text) => firstSteps(text) !== compatibleForms(text) || text.normalize('NFKC') !== compatibleForms(text))).toEqual([]);
  });

  it('holds no two units that compose: no character of the BMP decomposes into accepted units only', () => {
    const composites: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      if (unit >= 0xd800 && unit <= 0xdfff) continue;
      const parts = String.fromCharCode(unit).normalize('NFD');
      if (parts.length >= 2 && [...parts].every((part) => accepted.has(part.charCodeAt(0)))) composites.push(String.fromCharCode(unit));
    }
    expect(composites).toEqual([]);
  });

  it('flags Greek or Cyrillic whenever the lower-case form of a character has a Greek or Cyrillic letter', () => {
    const unflagged = [...accepted].filter((unit) => {
      const char = String.fromCharCode(unit);
      const form = plainKind(char) & COMPATIBLE ? compatibleForms(char) : char;
      return (plainKind(char) & GREEK_OR_CYRILLIC_PLAIN) === 0 && /[\u0370-\u052f]/u.test(form.toLowerCase());
    });
    expect(unflagged).toEqual([]);
  });
});
