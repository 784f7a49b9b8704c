import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from './knowledge-base.js';
import { openBundledKnowledgeBase } from './knowledge-test-kit.js';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await openBundledKnowledgeBase();
});
afterAll(() => kb.close());

describe('findBridges', () => {
  it('lists cross-scope pairs above the threshold for an admin, best first, one per document pair', async () => {
    const result = await kb.findBridges({ agent: 'admin', threshold: 0.45 });
    if (!result.allowed) throw new Error(result.reason);
    expect(result.bridges.length).toBeGreaterThan(0);
    expect(result.compared).toBeGreaterThan(100);
    const pairs = new Set<string>();
    let previous = Infinity;
    for (const bridge of result.bridges) {
      expect(bridge.a.scope).not.toBe(bridge.b.scope);
      expect(bridge.score).toBeGreaterThan(0.45);
      expect(bridge.score).toBeLessThanOrEqual(previous);
      previous = bridge.score;
      const key = `${bridge.a.doc_id}|${bridge.b.doc_id}`;
      expect(pairs.has(key)).toBe(false);
      pairs.add(key);
    }
    const strict = await kb.findBridges({ agent: 'admin', threshold: 0.99 });
    expect(strict.allowed && strict.bridges).toEqual([]);
    expect((await kb.auditLog(1))[0]).toMatchObject({ kind: 'bridges', agent: 'admin', access: 'granted' });
  });

  it('refuses every agent that is not an admin, and audits the refusal', async () => {
    for (const agent of ['operator_console', 'supervisor', 'pricing_agent', 'stranger']) {
      const result = await kb.findBridges({ agent });
      expect(result, agent).toEqual({ allowed: false, reason: `${agent} is not an admin in the scopes file; bridges are visible to admins only` });
    }
    expect((await kb.auditLog(2)).map((record) => [record.agent, record.access])).toEqual([['stranger', 'unknown_agent'], ['pricing_agent', 'refused']]);
  });

  it('checks its options', async () => {
    await expect(kb.findBridges({ agent: 'admin', threshold: 1.5 })).rejects.toThrow(/threshold must be a number from -1 to 1/);
    await expect(kb.findBridges({ agent: 'admin', limit: 0 })).rejects.toThrow(/limit/);
  });
});
