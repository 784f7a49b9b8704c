import { describe, expect, it } from 'vitest';
import { mayBeNumberWord, NUMBER_WORD_SPELLINGS, numberWord } from './number-words.js';

// mayBeNumberWord lets the view skip numberWord for most words: sound only if it never says no to a
// word numberWord knows.
const forms = (spelling: string): string[] => {
  const capital = spelling.charAt(0).toUpperCase() + spelling.slice(1);
  return [spelling, spelling.toUpperCase(), capital].flatMap((form) => [form, form.replaceAll("'", '\u2019'), form.replaceAll("'", '\u02bc')]);
};

describe('mayBeNumberWord', () => {
  it('says yes to every spelling in every case and with every apostrophe, inside a longer text', () => {
    for (const spelling of NUMBER_WORD_SPELLINGS) {
      for (const form of forms(spelling)) {
        const text = `x ${form}, y`;
        expect(numberWord(form)).toBeDefined();
        expect(mayBeNumberWord(text, 2, 2 + form.length)).toBe(true);
      }
    }
  });

  it('says no only to words numberWord does not know, however they are cased, cut or mixed', () => {
    const pieces = [...NUMBER_WORD_SPELLINGS, 'İ', 'Σ', 'ς', 'ǅ', '\u200b', '\u00ad', '5', '٣', 'a', 'Ї', 'ѐ', 'K', '\u2019', "'"];
    let state = 11;
    const next = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let rejected = 0;
    for (let i = 0; i < 50_000; i++) {
      const joined = Array.from({ length: 1 + Math.floor(next() * 2) }, () => pieces[Math.floor(next() * pieces.length)] ?? '').join('');
      const from = Math.floor(next() * 3);
      const word = [...joined.slice(from, from + 3 + Math.floor(next() * 12))].map((char) => (next() < 0.3 ? char.toUpperCase() : char)).join('');
      if (mayBeNumberWord(word, 0, word.length)) continue;
      rejected++;
      expect(numberWord(word), word).toBeUndefined();
    }
    expect(rejected).toBeGreaterThan(10_000);
  });
});
