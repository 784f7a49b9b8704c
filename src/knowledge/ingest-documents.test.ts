import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, makeTempDir } from '../testing/index.js';
import { BUNDLED_CORPUS_DIR } from './bundled-paths.js';
import type { Embedder } from './embedder.js';
import { KnowledgeBase } from './knowledge-base.js';
import { codeBlindEmbedder, policyDocument, writeCorpus } from './knowledge-test-kit.js';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.js';
import { LocalEmbedder } from './local-embedder.js';
import type { ScopesFile } from './scopes-file.js';

const scopes: ScopesFile = { version: 1, agents: { reader: { scopes: ['*'], max_sensitivity: 'restricted', deny_patterns: [], customer_facing: false, admin: false } } };
let temp: ReturnType<typeof makeTempDir>;
let dbPath: string;
let docs: string;
beforeEach(() => {
  temp = makeTempDir('waybill-kb-ingest-');
  dbPath = join(temp.dir, 'waybill.db');
  docs = join(temp.dir, 'docs');
  writeCorpus(docs, {
    'a.md': policyDocument({ id: 'doc-a', title: 'Storage at the branch' }, 'Parcels wait five days at the branch free of charge.'),
    'b.md': policyDocument({ id: 'doc-b', title: 'Нічний тариф' }, 'Нічний тариф приймає до 10 кг.'),
    'c.md': policyDocument({ id: 'doc-c', title: 'Packaging' }, 'Fragile items go in bubble wrap.'),
  });
});
afterEach(() => temp.cleanup());

const open = (embedder: Embedder = new LocalEmbedder()) => KnowledgeBase.open({ path: dbPath, scopes, embedder, now: fixedClock() });
const texts = async (kb: KnowledgeBase, query: string) => (await kb.searchPolicies({ agent: 'reader', query, limit: 5 })).hits.map((hit) => hit.text);

describe('ingest', () => {
  it('is incremental: unchanged documents are skipped, changed ones replace their chunks', async () => {
    const kb = await open();
    expect(await kb.ingestDirectory(docs)).toEqual({ added: 3, updated: 0, unchanged: 0, skipped: 0, chunks: 3, problems: [] });
    expect(await kb.ingestDirectory(docs)).toEqual({ added: 0, updated: 0, unchanged: 3, skipped: 0, chunks: 0, problems: [] });
    expect(await texts(kb, 'branch storage days')).toContain('Parcels wait five days at the branch free of charge.');

    writeCorpus(docs, { 'a.md': policyDocument({ id: 'doc-a', title: 'Storage at the branch' }, 'Parcels wait seven days at the branch.') });
    expect(await kb.ingestDirectory(docs)).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const after = await texts(kb, 'branch storage days');
    expect(after).toContain('Parcels wait seven days at the branch.');
    expect(after).not.toContain('Parcels wait five days at the branch free of charge.');

    writeCorpus(docs, { 'b.md': policyDocument({ id: 'doc-b', title: 'Нічний тариф', sensitivity: 'internal' }, 'Нічний тариф приймає до 10 кг.') });
    expect(await kb.ingestDirectory(docs)).toMatchObject({ updated: 1, unchanged: 2 }); // front matter counts
    expect(await kb.ingestDirectory(docs, { chunkSize: 400, overlap: 50 })).toMatchObject({ updated: 3, unchanged: 0 }); // so does chunking
    await kb.close();
  });

  it('reports a malformed document with its file name and ingests the rest', async () => {
    writeFileSync(join(docs, 'broken.md'), '---\nid: broken\ntitle: Broken\nscope: Customer Care\nsensitivity: public\nsource_kind: policy\n---\nText\n');
    const kb = await open();
    const report = await kb.ingestDirectory(docs);
    await kb.close();
    expect(report).toMatchObject({ added: 3, skipped: 1 });
    expect(report.problems).toEqual([{ file: 'broken.md', problem: 'scope: a lower-case slug such as "refunds"' }]);
  });

  it('lets another instance on the same file see changes at its next search', async () => {
    const reader = await open();
    const writer = await open();
    await writer.ingestDirectory(docs);
    expect((await texts(reader, 'Fragile bubble wrap'))[0]).toBe('Fragile items go in bubble wrap.');
    writeCorpus(docs, { 'd.md': policyDocument({ id: 'doc-d', title: 'Insurance' }, 'Insurance costs 0.5 % of the declared value.') });
    await writer.ingestDirectory(docs);
    expect((await texts(reader, 'insurance declared value'))[0]).toBe('Insurance costs 0.5 % of the declared value.');
    await reader.close();
    await writer.close();
  });

  it('embeds stored chunks again for a different embedder, and keeps both sets of vectors', async () => {
    const first = await open();
    await first.ingestDirectory(docs);
    await first.close();
    const second = await open(codeBlindEmbedder);
    const [hit] = (await second.searchPolicies({ agent: 'reader', query: 'Fragile bubble wrap', limit: 1 })).hits;
    await second.close();
    expect(hit?.dense).not.toBeNull();
    const store = SqliteKnowledgeStore.open(dbPath);
    expect((await store.vectors(codeBlindEmbedder.id)).size).toBe(3);
    expect((await store.vectors(new LocalEmbedder().id)).size).toBe(3);
    await store.close();
  });

  it('seeds an empty store from the seed folder before the first search, once', async () => {
    const kb = await KnowledgeBase.open({ path: dbPath, scopes, embedder: new LocalEmbedder(), seedCorpus: BUNDLED_CORPUS_DIR });
    expect(await kb.documentCount()).toBe(0);
    const [first, second] = await Promise.all([
      kb.searchPolicies({ agent: 'reader', query: 'Процедура ПВ-17', limit: 1 }),
      kb.searchPolicies({ agent: 'reader', query: 'UN3481', limit: 1 }),
    ]);
    expect(first.hits[0]?.doc_id).toBe('refunds-pv17');
    expect(second.hits[0]?.doc_id).toBe('operations-lithium-batteries');
    expect(await kb.documentCount()).toBeGreaterThanOrEqual(25);
    await kb.close();
  });
});
