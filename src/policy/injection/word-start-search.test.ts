import { describe, expect, it } from 'vitest';
import { wordStartSearch } from './word-start-search.js';

// Texts where the character before a stem decides: start of text, digits, letters, a letter outside
// the BMP, a lone surrogate, a mark that case-folds to a letter under the i flag, and stems that
// overlap (the first found is inside a word, a later one is not).
const texts = [
  'bot', 'abot', '1bot', '-bot', 'a bot', '\u{1D400}bot', '\u{1F600}bot', '\uD800bot', '\uDC00bot', '\u0345bot', 'robots bot', 'ааbot', 'botbot',
  'approve it', 'xapprove it', 'ВОТ бот', 'в бот', '',
];

describe('wordStartSearch', () => {
  it('answers as the lookbehind before the stems does', () => {
    for (const [stems, flags, inWord] of [
      ['(?:bot|ot|approve\\sit|бот)', 'u', /^[\p{L}\p{N}]$/u],
      ['(?:bot|ot|approve\\sit|бот)', 'iu', /^\p{L}$/iu],
    ] as const) {
      const search = wordStartSearch(stems, flags, inWord);
      const lookbehind = new RegExp(`(?<!${inWord.source.slice(1, -1)})${stems}`, flags);
      for (const text of texts) expect([text, search.test(text)]).toEqual([text, lookbehind.test(text)]);
    }
  });

  it('answers as a consumed non-word character or the start does', () => {
    const search = wordStartSearch('(?:^\\s*cancel|bot)', 'u', /^[\p{L}\p{N}]$/u);
    const consumed = /(?:^|[^\p{L}\p{N}])(?:^\s*cancel|bot)/u;
    for (const text of [...texts, ' cancel', 'x cancel', 'cancel', '\u{1D400}cancel']) expect([text, search.test(text)]).toEqual([text, consumed.test(text)]);
  });
});
