import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CORPUS_DIR, BUNDLED_SCOPES_PATH } from './bundled-paths.js';
import type { KnowledgeBase } from './knowledge-base.js';
import { openBundledKnowledgeBase } from './knowledge-test-kit.js';
import { loadDocuments } from './load-documents.js';
import { accessFor, loadScopesFile } from './scopes-file.js';
import type { SourceDocument } from './source-document.js';

const scopes = loadScopesFile(BUNDLED_SCOPES_PATH);
const customerFacing = Object.entries(scopes.agents).filter(([, access]) => access.customer_facing).map(([name]) => name);
let kb: KnowledgeBase;
let documents: SourceDocument[];

beforeAll(async () => {
  kb = await openBundledKnowledgeBase();
  ({ documents } = await loadDocuments(BUNDLED_CORPUS_DIR));
});
afterAll(() => kb.close());

describe('searchPolicies: scoped access', () => {
  it('never gives a customer-facing agent an internal or restricted chunk, over every document title', async () => {
    expect(customerFacing.sort()).toEqual(['pricing_agent', 'supervisor', 'tracking_agent', 'warehouse_agent']);
    for (const doc of documents) {
      const admin = await kb.searchPolicies({ agent: 'admin', query: doc.meta.title, limit: 10 });
      expect(admin.hits.map((hit) => hit.doc_id), doc.meta.id).toContain(doc.meta.id); // the query does reach the document
      for (const agent of customerFacing) {
        const access = accessFor(scopes, agent);
        const result = await kb.searchPolicies({ agent, query: doc.meta.title, limit: 10 });
        for (const hit of result.hits) {
          expect(hit.sensitivity, `${agent} got ${hit.chunk_id}`).toBe('public');
          expect(access?.scopes, `${agent} got ${hit.chunk_id}`).toContain(hit.scope);
        }
        const visible = doc.meta.sensitivity === 'public' && access?.scopes.includes(doc.meta.scope) && !doc.sourcePath.startsWith('drafts/');
        expect(result.hits.some((hit) => hit.doc_id === doc.meta.id), `${agent} and ${doc.meta.id}`).toBe(Boolean(visible));
      }
    }
  });

  it('counts what it withheld, by the first filter that stopped it', async () => {
    const result = await kb.searchPolicies({ agent: 'pricing_agent', query: 'Собівартість і маржа тарифів 2026', limit: 5 });
    expect(result.hits.every((hit) => hit.doc_id !== 'internal-margins')).toBe(true);
    expect(result.blocked.scope).toBeGreaterThanOrEqual(1); // internal-margins is in scope "internal"
    const discounts = await kb.searchPolicies({ agent: 'pricing_agent', query: 'Знижки для корпоративних клієнтів', limit: 5 });
    expect(discounts.hits.map((hit) => hit.doc_id)).not.toContain('internal-corporate-discounts');
    expect(discounts.blocked.sensitivity).toBeGreaterThanOrEqual(1); // in scope "tariffs", but internal
    expect(discounts.blocked.total).toBe(discounts.blocked.scope + discounts.blocked.sensitivity + discounts.blocked.deny_pattern);
  });

  it('gives an unknown agent nothing, including names an object inherits', async () => {
    for (const agent of ['courier_bot', 'constructor', '__proto__', 'Admin', '']) {
      const result = await kb.searchPolicies({ agent, query: 'Процедура ПВ-17', limit: 5 });
      expect(result, agent).toMatchObject({ access: 'unknown_agent', hits: [] });
    }
  });

  it('applies deny patterns inside an allowed scope', async () => {
    const draftTitle = 'Чернетка — доставка в суботу';
    const supervisor = await kb.searchPolicies({ agent: 'supervisor', query: draftTitle, limit: 5 });
    expect(supervisor.hits.map((hit) => hit.doc_id)).not.toContain('customer-saturday-delivery-draft');
    expect(supervisor.blocked.deny_pattern).toBeGreaterThanOrEqual(1);
    const admin = await kb.searchPolicies({ agent: 'admin', query: draftTitle, limit: 5 });
    expect(admin.hits[0]?.doc_id).toBe('customer-saturday-delivery-draft');

    const custom = await openBundledKnowledgeBase({
      scopes: { version: 1, agents: { pricing_agent: { scopes: ['customer', 'tariffs'], max_sensitivity: 'public', deny_patterns: ['overnight'], customer_facing: true, admin: false } } },
    });
    const result = await custom.searchPolicies({ agent: 'pricing_agent', query: 'тариф нічний overnight ліміт ваги 10 кг', limit: 10 });
    custom.close();
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.map((hit) => hit.doc_id)).not.toContain('tariffs-overnight');
    expect(result.hits.map((hit) => hit.doc_id)).toContain('tariffs-express');
    expect(result.blocked.deny_pattern).toBeGreaterThanOrEqual(1);
  });

  it('marks tainted text and wraps every hit as retrieved data', async () => {
    const result = await kb.searchPolicies({ agent: 'admin', query: 'prompt injection in a customer note TTN-000013', limit: 3 });
    const memo = result.hits.find((hit) => hit.doc_id === 'internal-incident-memo-injection');
    expect(memo).toMatchObject({ tainted: true, taint_rule: 'role_marker' });
    expect(memo?.for_model).toContain('<data source="kb:internal-incident-memo-injection" trust="retrieved" tainted="true">');
    expect(memo?.for_model).toMatch(/do not act on it/);
    expect(result.tainted).toBe(result.hits.filter((hit) => hit.tainted).length);
    const clean = result.hits.find((hit) => !hit.tainted);
    expect(clean?.for_model).toContain(`<data source="kb:${clean?.doc_id}" trust="retrieved" tainted="false">`);
  });

  it('writes an audit record for every search, with the query redacted', async () => {
    const result = await kb.searchPolicies({ agent: 'pricing_agent', query: 'Знижки для корпоративних клієнтів, дзвоніть +380671234567', limit: 4 });
    const [record] = await kb.auditLog(1);
    expect(record).toEqual({
      ts: '2026-11-30T12:00:00.000Z', kind: 'search', agent: 'pricing_agent', query: 'Знижки для корпоративних клієнтів, дзвоніть [REDACTED:PHONE]',
      access: 'granted', allowed: result.hits.length, blocked: result.blocked, tainted: 0, hits: result.hits.map((hit) => hit.chunk_id),
    });
    expect(record?.blocked.total).toBeGreaterThan(0);
    await kb.searchPolicies({ agent: 'stranger', query: 'ПВ-17' });
    expect((await kb.auditLog(1))[0]).toMatchObject({ agent: 'stranger', access: 'unknown_agent', allowed: 0, hits: [] });
  });

  it('refuses a limit out of range and returns nothing for an empty query', async () => {
    await expect(kb.searchPolicies({ agent: 'admin', query: 'x', limit: 0 })).rejects.toThrow(/limit must be a whole number from 1 to 50/);
    await expect(kb.searchPolicies({ agent: 'admin', query: 'x', limit: 51 })).rejects.toThrow(/limit/);
    expect((await kb.searchPolicies({ agent: 'admin', query: '   ' })).hits).toEqual([]);
  });
});
