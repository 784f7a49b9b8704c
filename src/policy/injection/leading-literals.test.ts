import { describe, expect, it } from 'vitest';
import { loadGuardCorpus } from '../../evals/guard/guard-corpus.js';
import { WINDOWED_PATTERNS } from './guard-regexes.js';
import { cyrillicSkeleton, latinSkeleton } from './homoglyph-skeleton.js';
import { containedLiterals, leadingLiterals, stemLiterals } from './leading-literals.js';
import { normaliseForMatching } from './normalise-for-matching.js';
import { EDGE } from './pattern-parts.js';

const WORD = /[a-z\u00df-\u024f\u0370-\u03ff\u0400-\u052f0-9]/u;

describe('leadingLiterals', () => {
  it('reads the words that must follow the leading word edge', () => {
    expect(leadingLiterals(`${EDGE}(?:give|show(?:\\sme)?|what(?:'s|\\sis))\\s`)).toEqual(['give', 'show', 'what']);
    expect(leadingLiterals(`${EDGE}tokens?`)).toEqual(['token']);
    expect(leadingLiterals(`${EDGE}(?:(?:jesteś|jestes)\\steraz|teraz)`)).toEqual(['jesteś', 'jestes', 'teraz']);
  });

  it('gives up where a word may be absent or is not plain text', () => {
    expect(leadingLiterals(`${EDGE}(?:a\\s|an\\s)?dan`)).toBeUndefined();
    expect(leadingLiterals(`${EDGE}[a-z]{2}`)).toBeUndefined();
    expect(leadingLiterals(`${EDGE}(?:ignore|)`)).toBeUndefined();
    expect(leadingLiterals('(?:ignore|forget)')).toBeUndefined();
  });

  it('reads the contained words of a pattern without a leading edge from its first mandatory group', () => {
    expect(containedLiterals('[\\n"]\\s?(?:system|assistant)\\s?:')).toEqual(['system', 'assistant']);
    expect(containedLiterals('(?:<\\||\\[)x|y')).toBeUndefined();
  });

  it('never rules out a pattern that matches: on every corpus text, a match starts with its literals', () => {
    const corpus = loadGuardCorpus();
    const missed: string[] = [];
    let matches = 0;
    for (const { text } of [...corpus.attacks, ...corpus.benign]) {
      const view = `\n${normaliseForMatching(text)}\n`;
      const skeletons = { latin: latinSkeleton(view), cyrillic: cyrillicSkeleton(view) };
      for (const { script, pattern } of WINDOWED_PATTERNS) {
        pattern.lastIndex = 0;
        const match = pattern.exec(skeletons[script]);
        pattern.lastIndex = 0;
        if (match === null) continue;
        matches++;
        const leading = leadingLiterals(pattern.source);
        const contained = containedLiterals(pattern.source);
        const body = match[0].slice(1);
        const ok = leading !== undefined ? !WORD.test(match[0][0] ?? '') && leading.some((literal) => body.startsWith(literal)) : contained === undefined || contained.some((literal) => match[0].includes(literal));
        if (!ok) missed.push(`${pattern.source.slice(0, 40)} on ${text.slice(0, 40)}`);
      }
    }
    expect(matches).toBeGreaterThan(100);
    expect(missed).toEqual([]);
  });
});

describe('stemLiterals', () => {
  it('reads the literals every stem starts with, through optional groups and escaped punctuation', () => {
    expect(stemLiterals('(?:(?:language\\s)?models?|a\\.i\\.|bots?(?![\\p{L}])|(?:the\\s)??agent|chat-?bot)')).toEqual({ literals: ['language', 'model', 'a.i.', 'bot', 'the', 'agent', 'chat'], atTextStart: false });
    expect(stemLiterals('reveal|(?:main|next)\\s(?:agent|step)')).toEqual({ literals: ['reveal', 'main', 'next'], atTextStart: false });
  });

  it('sets a stem anchored at the text start apart', () => {
    expect(stemLiterals('(?:^\\s*(?:please\\s)?cancel|bot)')).toEqual({ literals: ['bot'], atTextStart: true });
  });

  it('gives up where a stem may start with anything', () => {
    for (const source of ['(?:[a-z]x|bot)', '(?:\\sbot|bot)', '(?:(?:a|b)+c|bot)', '(?:(?:x)?|bot)', '(?:bot|)', '(?:\\p{L}+\\sbot)', '(?:\\x27bot)']) expect([source, stemLiterals(source)]).toEqual([source, undefined]);
  });
});
