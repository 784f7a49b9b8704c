import { describe, expect, it } from 'vitest';
import { lexicalFeatures } from './lexical-features.js';

const DIMS = 1 << 16;

/** The features of a view as bucket → count. */
function countsOf(view: string): Map<number, number> {
  const features = lexicalFeatures(view, DIMS);
  const counts = new Map<number, number>();
  for (let at = 0; at < features.distinct; at++) counts.set(features.bucket(at), features.count(at));
  return counts;
}

const total = (counts: Map<number, number>, block: 'word' | 'char'): number => [...counts].filter(([bucket]) => (block === 'word' ? bucket < DIMS : bucket >= DIMS)).reduce((sum, [, count]) => sum + count, 0);

describe('lexicalFeatures', () => {
  it('counts each word and each pair of neighbours, and every 2- to 5-gram of each space-padded word', () => {
    // "ab cd": words ab, cd and the pair; " ab " gives 3 + 2 + 1 n-grams of 2, 3, 4 characters, as " cd ".
    const counts = countsOf('ab cd');
    expect(total(counts, 'word')).toBe(3);
    expect(total(counts, 'char')).toBe(12);
    // A five-letter word padded to seven: 6 + 5 + 4 + 3 n-grams.
    expect(total(countsOf('hello'), 'char')).toBe(18);
  });

  it('counts a repeated feature once with its count, and starts afresh on every call', () => {
    const twice = countsOf('refund refund');
    const once = countsOf('refund');
    expect(twice.size).toBe(once.size + 1);
    for (const [bucket, count] of once) expect(twice.get(bucket)).toBe(count * 2);
    expect(countsOf('refund')).toEqual(once);
  });

  it('reads Cyrillic words and the Ukrainian apostrophe as word characters, punctuation as a word break', () => {
    expect(total(countsOf("об\u02bcєкт"), 'word')).toBe(1);
    expect(total(countsOf('скасуй, поверни'), 'word')).toBe(3);
    expect(total(countsOf('...'), 'word')).toBe(0);
  });

  it('lists the word block first: wordFeatures of them, then only character n-grams', () => {
    for (const view of ['ab cd', 'refund refund now', 'скасуй, поверни 720 грн', '...', '']) {
      const features = lexicalFeatures(view, DIMS);
      const buckets = Array.from({ length: features.distinct }, (_, at) => features.bucket(at));
      expect(buckets.slice(0, features.wordFeatures).every((bucket) => bucket < DIMS)).toBe(true);
      expect(buckets.slice(features.wordFeatures).every((bucket) => bucket >= DIMS)).toBe(true);
      expect(features.wordFeatures).toBe(buckets.filter((bucket) => bucket < DIMS).length);
    }
  });

  it('finds nothing in an empty view or in spaces, and grows with a long one', () => {
    expect(countsOf('').size).toBe(0);
    expect(countsOf('   \n ').size).toBe(0);
    const long = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    expect(total(countsOf(long), 'word')).toBe(3000 + 2999);
  });
});
