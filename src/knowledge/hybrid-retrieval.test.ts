import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from './knowledge-base.js';
import { codeBlindEmbedder, openBundledKnowledgeBase } from './knowledge-test-kit.js';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await openBundledKnowledgeBase();
});
afterAll(() => kb.close());

const rankOf = async (base: KnowledgeBase, query: string, mode: 'lexical' | 'dense' | 'fused', docId: string): Promise<number> =>
  (await base.retrieveUnscoped(query, { limit: 50, mode })).findIndex((hit) => hit.doc_id === docId) + 1;

describe('hybrid retrieval', () => {
  it('finds the document of an exact rare term first through fusion when dense alone ranks it lower', async () => {
    const query = 'Що таке процедура ПВ-17?';
    // With a semantic embedder the code is invisible and "procedure" matches every procedure.
    const blind = await openBundledKnowledgeBase({ embedder: codeBlindEmbedder });
    const dense = await rankOf(blind, query, 'dense', 'refunds-pv17');
    const result = await blind.searchPolicies({ agent: 'admin', query, limit: 5 }); // admin: the same view as the unscoped ranking
    blind.close();
    expect(dense).toBeGreaterThan(1);
    expect(result.hits[0]?.doc_id).toBe('refunds-pv17');
    expect(result.hits[0]?.lexical?.rank).toBe(1);
    expect(result.hits[0]?.dense?.rank).toBeGreaterThan(1);
    // The default local embedding sees the code as well.
    expect((await kb.searchPolicies({ agent: 'tracking_agent', query, limit: 1 })).hits[0]?.doc_id).toBe('refunds-pv17');
  });

  it('finds a paraphrased document that lexical search alone misses', async () => {
    const query = "Чи обов'язкова страховка?"; // the document says "страхування", "страховий платіж"
    expect(await rankOf(kb, query, 'lexical', 'tariffs-insurance')).toBe(0);
    const result = await kb.searchPolicies({ agent: 'pricing_agent', query, limit: 5 });
    expect(result.hits[0]?.doc_id).toBe('tariffs-insurance');
    expect(result.hits[0]?.lexical).toBeNull();
    expect(result.hits[0]?.dense?.rank).toBe(1);
  });

  it('finds an English document for a Ukrainian query on the same term, and the reverse', async () => {
    const lithium = await kb.searchPolicies({ agent: 'tracking_agent', query: 'Чи можна відправити ноутбук з літієвою батареєю?', limit: 3 });
    expect(lithium.hits[0]?.doc_id).toBe('operations-lithium-batteries');
    expect(lithium.hits[0]?.text).not.toMatch(/[а-яіїєґ]/i); // an English text
    const overnight = await kb.searchPolicies({ agent: 'pricing_agent', query: 'What is the weight limit for overnight delivery?', limit: 3 });
    expect(overnight.hits.map((hit) => hit.doc_id)).toContain('tariffs-overnight'); // a Ukrainian text
  });

  it('reports the fused score with both component ranks and scores', async () => {
    const [hit] = (await kb.searchPolicies({ agent: 'pricing_agent', query: 'Яка максимальна вага для нічного тарифу?', limit: 1 })).hits;
    expect(hit?.lexical?.rank).toBe(1);
    expect(hit?.dense?.rank).toBe(1);
    expect(hit?.fused_score).toBeCloseTo(2 / 61, 12);
    expect(hit?.lexical?.score).toBeGreaterThan(1);
    expect(hit?.dense?.score).toBeGreaterThan(0);
    expect(hit?.dense?.score).toBeLessThanOrEqual(1);
  });
});
