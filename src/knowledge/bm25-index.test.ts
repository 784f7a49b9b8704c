import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.js';
import { lexicalTerms } from './lexical-terms.js';
import { selectTop } from './select-top.js';

const texts = [
  'Тариф «Нічний»: ліміт ваги 10 кг для нічної доставки',
  'Процедура ПВ-17: повернення коштів понад ліміт',
  'Refund policy: refunds above the cap follow ПВ-17',
  'Packaging of fragile parcels',
];

describe('Bm25Index', () => {
  const index = new Bm25Index(texts.map(lexicalTerms));

  it('ranks the document with the rare term first and ignores documents with no shared term', () => {
    const top = Bm25Index.top(index.score(lexicalTerms('ліміт ваги нічного тарифу')), 10);
    expect(top.map((hit) => hit.index)).toEqual([0, 1]);
    expect(top[0]?.score).toBeGreaterThan(top[1]?.score ?? Infinity);
  });

  it('weights rarer terms higher (idf) and saturates repeated ones', () => {
    const [doc1] = Bm25Index.top(index.score(lexicalTerms('ПВ-17')), 1);
    expect(doc1?.index).toBe(1);
    const repeated = new Bm25Index([['a', 'a', 'a', 'a', 'b'], ['a', 'b']]);
    const scores = repeated.score(['a']);
    expect((scores.scores[0] ?? 0) / (scores.scores[1] ?? 1)).toBeLessThan(4);
  });

  it('ranks inside the allowed set only', () => {
    const allow = Uint8Array.from([1, 0, 1, 1]);
    expect(Bm25Index.top(index.score(lexicalTerms('ПВ-17')), 10, allow).map((hit) => hit.index)).toEqual([2]);
  });

  it('answers an empty index and unknown terms with nothing', () => {
    expect(Bm25Index.top(new Bm25Index([]).score(['x']), 5)).toEqual([]);
    expect(Bm25Index.top(index.score(['невідоме']), 5)).toEqual([]);
  });
});

describe('selectTop', () => {
  it('returns the k best, best first, ties to the lower index, matching a full sort', () => {
    const scores = Float32Array.from({ length: 1000 }, (_, i) => ((i * 7919) % 1009) / 1009);
    const expected = [...scores].map((score, index) => ({ index, score })).sort((a, b) => b.score - a.score || a.index - b.index).slice(0, 25);
    expect(selectTop(scores, 25)).toEqual(expected);
    expect(selectTop(Float32Array.from([1, 1, 1]), 2).map((hit) => hit.index)).toEqual([0, 1]);
    expect(selectTop(scores, 0)).toEqual([]);
  });
});
