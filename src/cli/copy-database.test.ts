import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDomainStore } from '../domain/index.js';
import { BUNDLED_CORPUS_DIR, KnowledgeBase } from '../knowledge/index.js';
import { openTenantEndpoints } from '../models/index.js';
import { openDailyBudgetStore } from '../policy/index.js';
import { openProtocolStore } from '../server/agent-protocol/open-protocol-store.js';
import { openApiKeyStore } from '../server/open-api-key-store.js';
import { openWebhookStore } from '../server/open-webhook-store.js';
import { openLangGraphRuntime } from '../runtimes/langgraph/index.js';
import { createTestSchema, testPostgresUrl } from '../testing/postgres-test-schema.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { copyDatabase } from './copy-database.js';

const baseUrl = testPostgresUrl();
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('copyDatabase', () => {
  it('refuses a source that is not an existing SQLite file and a target that is not PostgreSQL, by name', async () => {
    await expect(copyDatabase('/nonexistent/waybill.db', 'postgres://x@127.0.0.1:1/db')).rejects.toMatchObject({ name: 'StoreError', message: expect.stringContaining('--from must name an existing SQLite file') });
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    await expect(copyDatabase(temp.dir, join(temp.dir, 'other.db'))).rejects.toMatchObject({ name: 'StoreError', message: expect.stringContaining('--to must be a postgres:// URL') });
  });
});

if (baseUrl) {
  describe('copyDatabase to PostgreSQL', { timeout: 120_000 }, () => {
    it('moves a demo database with a paused cancellation, which is then approved on PostgreSQL; the chain verifies the same; keys, links, protocol threads, the knowledge base, a tenant\'s sealed model endpoint and its daily budget work as before', async () => {
      const temp = makeTempDir();
      cleanups.push(temp.cleanup);
      const file = join(temp.dir, 'demo.db');
      const embedded = await openLangGraphRuntime({ dbPath: file, offline: true });
      const finished = await embedded.ask({ input: 'Де посилка TTN-000001?', threadId: 'track' });
      const paused = await embedded.ask({ input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', threadId: 'cancel' });
      await embedded.close();
      expect(finished.status).toBe('finished');
      expect(paused.status).toBe('awaiting_approval');
      const before = await openDomainStore({ path: file });
      const chainBefore = await before.audit.verify();
      const approvalsBefore = await before.approvals.list();
      await before.close();
      const server = await embeddedServerState(file);
      const tenancy = await embeddedTenantState(file, paused.started_at.slice(0, 10));

      const schema: TestSchema = await createTestSchema(baseUrl);
      cleanups.push(() => schema.drop());
      const report = await copyDatabase(file, schema.url, KEYS_ENV);
      expect(report.rows.runs).toBe(2);
      expect(report.rows.shipments).toBe(16);
      expect(report.checkpoints).toBeGreaterThan(0);
      expect(report.rows).toMatchObject({ api_keys: 1, webhook_targets: 1, webhook_links: 2, ap_threads: 1, ap_checkpoints: 1, knowledge_documents: server.documents });
      await expect(copyDatabase(file, schema.url)).rejects.toMatchObject({ code: 'store_foreign' });
      await expectServerStateOn(schema.url, server);
      expect(report.rows).toMatchObject({ tenant_model_endpoints: 1, budget_tenant_day: 2, budget_holds: 1 });
      expect(report.credentialKeys).toMatch(/^credential keys: (1 key\(s\) of .* added to|.* already holds the 1 key\(s\) of)/);
      await expectTenantStateOn(schema.url, tenancy);

      const networked = await openLangGraphRuntime({ dbPath: schema.url, offline: true });
      try {
        expect(networked.domain.backend).toBe('postgres');
        expect(await networked.domain.audit.verify()).toEqual(chainBefore);
        expect(await networked.domain.approvals.list()).toEqual(approvalsBefore);
        expect((await networked.runs.getRun(paused.run_id))?.status).toBe('awaiting_approval');
        expect((await networked.state('cancel')).status).toBe('awaiting_approval');
        const cancellations = await networked.domain.countCancellations();
        const decided = await networked.decide('cancel', { type: 'approve', by: 'operator' });
        expect(decided.status).toBe('finished');
        expect(await networked.domain.countCancellations()).toBe(cancellations + 1);
        expect((await networked.domain.getShipment('TTN-000012'))?.status).toBe('cancelled');
        expect((await networked.domain.audit.verify()).ok).toBe(true);
      } finally {
        await networked.close();
      }
    });
  });
}

// The credential keyring as the environment names none: the default key file beside each side's database.
const KEYS_ENV: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('WAYBILL_CREDENTIAL_KEY')));

/** A tenant's own model endpoint (sealed under the key file beside `file`), and its daily budget charged per call with one call in flight. */
async function embeddedTenantState(file: string, day: string) {
  const endpoints = await openTenantEndpoints(file, { env: KEYS_ENV });
  await endpoints.set('acme', { model: 'acme-large', baseUrl: 'https://llm.acme.example/v1', apiKey: 'sk-acme-0123456789abcdef' }, 'admin');
  await endpoints.close();
  const budget = await openDailyBudgetStore(file);
  const limits = { maxTokensPerDay: 10_000 };
  const answered = await budget.hold({ tenant: 'acme', day, runId: 'run-a', limits, ttlMs: 3_600_000 });
  await budget.charge(answered.hold?.id ?? '', { tokens: 420, usd: 0.0042 });
  await budget.hold({ tenant: 'acme', day, runId: 'run-a', limits, ttlMs: 3_600_000 });
  const state = { day, acme: { spent: await budget.spend('acme', day), held: await budget.held('acme', day) }, local: await budget.spend('default', day) };
  await budget.close();
  expect(state.acme.held.calls).toBe(1);
  expect(state.local.tokens).toBeGreaterThan(0);
  return state;
}

/** The copied endpoint opens on PostgreSQL with the carried key; the daily budget counts the same charges and holds. */
async function expectTenantStateOn(url: string, before: Awaited<ReturnType<typeof embeddedTenantState>>) {
  const endpoints = await openTenantEndpoints(url, { env: KEYS_ENV });
  const budget = await openDailyBudgetStore(url);
  try {
    expect((await endpoints.resolve('acme'))?.endpoint).toEqual({ model: 'acme-large', baseUrl: 'https://llm.acme.example/v1', apiKey: 'sk-acme-0123456789abcdef' });
    expect(await budget.spend('acme', before.day)).toEqual(before.acme.spent);
    expect(await budget.held('acme', before.day)).toEqual(before.acme.held);
    expect(await budget.spend('default', before.day)).toEqual(before.local);
  } finally {
    await Promise.all([endpoints.close(), budget.close()]);
  }
}

/** An API key, a webhook with its links, an Agent Protocol thread and the seeded knowledge base in `file`. */
async function embeddedServerState(file: string) {
  const keys = await openApiKeyStore(file);
  const { key } = await keys.create({ tenant: 'default', role: 'operator', name: 'desk' });
  await keys.close();
  const webhooks = await openWebhookStore(file);
  await webhooks.setTarget('default', 'https://hooks.example/waybill', 'whsec_copied');
  const links = await webhooks.issueLinks({ runId: 'run-x', tenant: 'default', threadId: 'cancel' }, 3_600_000);
  await webhooks.close();
  const protocol = await openProtocolStore(file);
  await protocol.createThread({ threadId: 'ap-thread', tenant: 'default', metadata: { from: 'sqlite' } });
  await protocol.addCheckpoint({ checkpointId: 'cp-1', threadId: 'ap-thread', runId: 'r-1', messages: CHECKPOINT_MESSAGES });
  await protocol.close();
  const kb = await KnowledgeBase.open({ path: file, seedCorpus: BUNDLED_CORPUS_DIR });
  const search = await kb.searchPolicies({ agent: 'pricing_agent', query: 'ліміт ваги нічного тарифу', limit: 3 });
  const documents = await kb.documentCount();
  await kb.close();
  return { key, links, documents, hits: search.hits.map((hit) => hit.chunk_id) };
}

/** A checkpoint's conversation: the question in full, the answer as a reference to its kernel run. */
const CHECKPOINT_MESSAGES = [{ type: 'human' as const, id: 'r-1-human', content: 'hi' }, { type: 'ai' as const, id: 'r-1-ai', run_id: 'r-1' }];

/** The copied key verifies, the copied link works once, the thread and the knowledge base answer as before. */
async function expectServerStateOn(url: string, before: Awaited<ReturnType<typeof embeddedServerState>>) {
  const keys = await openApiKeyStore(url);
  const webhooks = await openWebhookStore(url);
  const protocol = await openProtocolStore(url);
  const kb = await KnowledgeBase.open({ path: url });
  try {
    expect(await keys.verify(before.key)).toMatchObject({ tenant: 'default', role: 'operator', name: 'desk' });
    expect(await webhooks.target('default')).toEqual({ url: 'https://hooks.example/waybill', secret: 'whsec_copied' });
    expect(await webhooks.redeem(before.links.approve)).toMatchObject({ usable: true, link: { runId: 'run-x', decision: 'approve' } });
    expect(await webhooks.redeem(before.links.reject)).toMatchObject({ usable: false });
    expect(await protocol.getThread('ap-thread')).toMatchObject({ tenant: 'default', metadata: { from: 'sqlite' } });
    expect((await protocol.latestCheckpoint('ap-thread'))?.messages).toEqual(CHECKPOINT_MESSAGES);
    expect(await kb.documentCount()).toBe(before.documents);
    const search = await kb.searchPolicies({ agent: 'pricing_agent', query: 'ліміт ваги нічного тарифу', limit: 3 });
    expect(search.hits.map((hit) => hit.chunk_id)).toEqual(before.hits);
    expect((await kb.auditLog(10)).filter((record) => record.agent === 'pricing_agent')).toHaveLength(2);
  } finally {
    await Promise.all([keys.close(), webhooks.close(), protocol.close(), kb.close()]);
  }
}
