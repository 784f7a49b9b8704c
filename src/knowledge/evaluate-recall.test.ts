import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CORPUS_DIR, BUNDLED_QUERIES_PATH } from './bundled-paths.js';
import { evaluateRecall } from './evaluate-recall.js';
import type { KnowledgeBase } from './knowledge-base.js';
import { openBundledKnowledgeBase } from './knowledge-test-kit.js';
import type { LabelledQuery } from './labelled-queries.js';
import { loadLabelledQueries } from './labelled-queries.js';
import { loadDocuments } from './load-documents.js';

let kb: KnowledgeBase;
let queries: LabelledQuery[];
beforeAll(async () => {
  kb = await openBundledKnowledgeBase();
  queries = await loadLabelledQueries(BUNDLED_QUERIES_PATH);
});
afterAll(() => kb.close());

describe('the labelled query set', () => {
  it('has at least 30 queries in both languages, each naming documents that exist', async () => {
    const ids = new Set((await loadDocuments(BUNDLED_CORPUS_DIR)).documents.map((doc) => doc.meta.id));
    expect(queries.length).toBeGreaterThanOrEqual(30);
    expect(queries.filter((q) => q.lang === 'uk').length).toBeGreaterThanOrEqual(10);
    expect(queries.filter((q) => q.lang === 'en').length).toBeGreaterThanOrEqual(10);
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    for (const query of queries) for (const id of query.expected) expect(ids.has(id), `${query.id}: ${id}`).toBe(true);
  });
});

describe('evaluateRecall', () => {
  it('fused recall@5 is at least the better of lexical and dense alone', async () => {
    const report = await evaluateRecall(kb, queries, 5);
    const { lexical, dense, fused } = report.recall;
    expect(report.queries).toBe(queries.length);
    expect(fused).toBeGreaterThanOrEqual(Math.max(lexical, dense));
    expect(fused).toBeGreaterThan(0.8);
  });

  it('computes per-query recall as the share of expected documents in the top k', async () => {
    const report = await evaluateRecall(kb, [
      { id: 'x1', lang: 'uk', kind: 'exact', query: 'Процедура ПВ-17', expected: ['refunds-pv17', 'no-such-doc'] },
    ], 5);
    expect(report.per_query[0]?.recall).toEqual({ lexical: 0.5, dense: 0.5, fused: 0.5 });
  });
});
