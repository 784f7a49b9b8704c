import { describe, expect, it } from 'vitest';
import { loadGuardCorpus } from '../../evals/guard/guard-corpus.js';
import { canonicalView } from '../normalise/index.js';
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
      const lookbehind = new RegExp(`(?<!${inWord.source.slice(1, -1)})${stems}`, flags);
      for (const sharedStarts of [false, true]) {
        const search = wordStartSearch(stems, flags, inWord, { sharedStarts });
        for (const text of texts) expect([text, sharedStarts, search.test(text)]).toEqual([text, sharedStarts, lookbehind.test(text)]);
      }
    }
  });

  it('answers as a consumed non-word character or the start does', () => {
    const consumed = /(?:^|[^\p{L}\p{N}])(?:^\s*cancel|bot)/u;
    for (const sharedStarts of [false, true]) {
      const search = wordStartSearch('(?:^\\s*cancel|bot)', 'u', /^[\p{L}\p{N}]$/u, { sharedStarts });
      for (const text of [...texts, ' cancel', 'x cancel', 'cancel', '\u{1D400}cancel']) expect([text, sharedStarts, search.test(text)]).toEqual([text, sharedStarts, consumed.test(text)]);
    }
  });

  // Stems whose first letters can be read are tried only where those letters begin a word: the same
  // answers, and the same position, as the plain search, on texts made to trip it and on every corpus text.
  it('tries stems at their literals only where the plain search would find them', () => {
    const stems = '(?:(?:language\\s)?models?(?![\\p{L}])|a\\.i\\.|ai(?![\\p{L}])|bots?|(?:the\\s)??agent|скасуй(?:те)?(?![\\p{L}])|о|^\\s*(?:please\\s)?cancel)';
    const inWord = /^[\p{L}\p{N}]$/u;
    const search = wordStartSearch(stems, 'u', inWord, { sharedStarts: true });
    const lookbehind = new RegExp(`(?<![\\p{L}\\p{N}])${stems}`, 'u');
    const tricky = [...texts, 'a.i. cancel', 'xa.i.', ' please cancel', 'please cancel', 'language model', 'languagemodel', 'the agent', 'theagent', 'не скасуйте', 'іскасуй', '\u{1D400}о', 'мо о', 'a\u{1F600}bot'];
    const corpus = loadGuardCorpus();
    const views = [...corpus.attacks, ...corpus.benign].map(({ text }) => canonicalView(text).view);
    let found = 0;
    for (const text of [...tricky, ...views]) {
      const expected = lookbehind.exec(text)?.index ?? -1;
      if (expected >= 0) found++;
      expect([text, search.indexIn(text)]).toEqual([text, expected]);
    }
    expect(found).toBeGreaterThan(100);
  });
});
