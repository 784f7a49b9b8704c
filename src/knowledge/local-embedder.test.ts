import { describe, expect, it } from 'vitest';
import { DenseIndex } from './dense-index.js';
import { embedLocally, LOCAL_EMBEDDING_DIMS, LocalEmbedder } from './local-embedder.js';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe('embedLocally', () => {
  it('is deterministic, 384-dimensional and unit length', async () => {
    const [a, b] = await new LocalEmbedder().embed(['Страхування відправлень', 'Страхування відправлень'], 'passage');
    expect(a).toEqual(b);
    expect(a?.length).toBe(LOCAL_EMBEDDING_DIMS);
    expect(cosine(a ?? new Float32Array(), a ?? new Float32Array())).toBeCloseTo(1, 5);
  });

  it('puts word forms the stemmer misses closer than unrelated text', () => {
    const query = embedLocally('страховка');
    expect(cosine(query, embedLocally('страхування відправлень'))).toBeGreaterThan(cosine(query, embedLocally('пакування крихких речей')) + 0.1);
  });

  it('brings Ukrainian and English cognates together', () => {
    const english = embedLocally('operator compensation');
    expect(cosine(english, embedLocally('оператор компенсація'))).toBeGreaterThan(0.5);
  });

  it('returns a zero vector for text with no words', () => {
    expect(embedLocally('… — !').every((value) => value === 0)).toBe(true);
  });
});

describe('DenseIndex', () => {
  it('ranks rows by cosine inside the allowed set', () => {
    const rows = ['нічний тариф', 'повернення коштів', 'нічна доставка наступного дня'].map((text) => embedLocally(text));
    const index = new DenseIndex(rows);
    const scores = index.score(embedLocally('нічний'));
    expect(DenseIndex.top(scores, 3)[0]?.index).toBe(0);
    expect(DenseIndex.top(scores, 3, Uint8Array.from([0, 1, 1]))[0]?.index).toBe(2);
    expect(() => new DenseIndex([new Float32Array(3), new Float32Array(4)])).toThrow(/dimensions/);
  });
});
