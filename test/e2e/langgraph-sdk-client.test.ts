import { join } from 'node:path';
import { Client } from '@langchain/langgraph-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import { silentLogger } from '../../src/mcp/stderr-logger.js';
import type { RunningWaybill } from '../../src/server/index.js';
import { openApiKeyStore, serveWaybill } from '../../src/server/index.js';
import { SqliteRunStore } from '../../src/telemetry/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';

// `waybill serve` driven only by the official LangGraph SDK client: nothing of Waybill on the client side.
const temp = makeTempDir();
const dbPath = join(temp.dir, 'waybill.db');
let running: RunningWaybill;
const keys: Record<'operator' | 'approver' | 'viewer' | 'globex', string> = { operator: '', approver: '', viewer: '', globex: '' };

beforeAll(async () => {
  running = await serveWaybill({ dbPath, port: 0, runtime: { offline: true }, log: silentLogger });
  const store = await openApiKeyStore(dbPath);
  keys.operator = (await store.create({ tenant: 'default', role: 'operator', name: 'chat-ui' })).key;
  keys.approver = (await store.create({ tenant: 'default', role: 'operator', name: 'supervisor-desk' })).key;
  keys.viewer = (await store.create({ tenant: 'default', role: 'viewer', name: 'dashboard' })).key;
  keys.globex = (await store.create({ tenant: 'globex', role: 'admin', name: 'other-tenant' })).key;
  await store.close();
});
afterAll(async () => {
  await running.close();
  temp.cleanup();
});

const client = (key: string) => new Client({ apiUrl: running.url, apiKey: key });
type Part = { event: string; data: unknown; id?: string };
const collect = async (parts: AsyncIterable<Part>): Promise<Part[]> => {
  const seen: Part[] = [];
  for await (const part of parts) seen.push(part);
  return seen;
};
const lastValues = (parts: Part[]) => parts.filter((p) => p.event === 'values').at(-1)?.data as { messages: Array<{ type: string; content: string }>; __interrupt__?: Array<{ value: Record<string, unknown> }> };
const statusOf = (error: unknown) => (error as { status?: number }).status;

describe('a LangGraph SDK client against waybill serve', () => {
  it('finds the assistant, streams a tracking question and receives its steps and final answer', async () => {
    const sdk = client(keys.operator);
    expect(await sdk.assistants.search()).toEqual([expect.objectContaining({ assistant_id: 'langgraph', graph_id: 'waybill' })]);
    const thread = await sdk.threads.create({ metadata: { channel: 'chat' } });
    const parts = await collect(
      sdk.runs.stream(thread.thread_id, 'langgraph', {
        input: { messages: [{ role: 'user', content: 'Де зараз посилка TTN-000001?' }] },
        streamMode: ['values', 'updates', 'messages-tuple', 'custom'],
      }),
    );
    expect(parts[0]?.event).toBe('metadata');
    const steps = parts.filter((p) => p.event === 'custom').map((p) => p.data as { type: string; tool?: string });
    expect(steps.map((s) => s.type)).toEqual(expect.arrayContaining(['run.start', 'delegation.start', 'tool.call', 'delegation.result', 'run.end']));
    expect(steps.find((s) => s.type === 'tool.call')?.tool).toBe('track_shipment');
    expect(parts.some((p) => p.event === 'updates')).toBe(true);
    const [chunk] = parts.find((p) => p.event === 'messages')?.data as [{ type: string; content: string }];
    expect(chunk.content).toContain('TTN-000001');
    const final = lastValues(parts);
    expect(final.messages.map((m) => m.type)).toEqual(['human', 'ai']);
    expect(final.messages[1]?.content).toBe(chunk.content);
    // Event ids increase, so a client can rejoin after the last one it saw.
    const ids = parts.map((p) => Number(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const state = await sdk.threads.getState(thread.thread_id);
    expect(state.values).toEqual(final);
    expect(state.next).toEqual([]);
    expect((await sdk.threads.get(thread.thread_id)).status).toBe('idle');
    expect(await sdk.threads.search({ metadata: { channel: 'chat' } })).toEqual([expect.objectContaining({ thread_id: thread.thread_id })]);
    const [run] = await sdk.runs.list(thread.thread_id);
    expect(run).toMatchObject({ status: 'success', assistant_id: 'langgraph' });
    // Rejoining the finished run's stream after event 2 replays exactly the rest.
    const rejoined = await collect(sdk.runs.joinStream(thread.thread_id, run?.run_id ?? '', { lastEventId: '2', streamMode: ['values', 'updates', 'messages-tuple', 'custom'] }));
    expect(rejoined.map((p) => p.id)).toEqual(parts.slice(2).map((p) => p.id));
  });

  it('pauses a cancellation as an interrupt, takes the approval from a second client, and cancels once', async () => {
    const requester = client(keys.operator);
    const thread = await requester.threads.create();
    const parts = await collect(requester.runs.stream(thread.thread_id, 'langgraph', { input: { messages: [{ role: 'user', content: 'Скасуй TTN-000004, клієнт передумав, поверни 500 грн' }] }, streamMode: ['values', 'custom'] }));
    const interrupt = lastValues(parts).__interrupt__?.[0];
    expect(interrupt?.value).toMatchObject({ action_requests: [{ name: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 500 } }], review_configs: [{ allowed_decisions: ['approve', 'edit', 'reject'] }], approval_id: expect.stringMatching(/^apr_/), origins: { tracking_id: 'user_request', refund_uah: 'user_request' } });
    expect(parts.some((p) => p.event === 'custom' && (p.data as { type: string }).type === 'approval.requested')).toBe(true);
    const paused = await requester.threads.get(thread.thread_id);
    expect(paused.status).toBe('interrupted');
    expect(Object.values(paused.interrupts).flat()).toHaveLength(1);

    // Another tenant, and a viewer of this one, cannot touch the thread.
    await expect(client(keys.globex).threads.get(thread.thread_id)).rejects.toSatisfy((e) => statusOf(e) === 404);
    await expect(client(keys.globex).runs.wait(thread.thread_id, 'langgraph', { command: { resume: { type: 'approve' } } })).rejects.toSatisfy((e) => statusOf(e) === 404);
    await expect(client(keys.viewer).runs.wait(thread.thread_id, 'langgraph', { command: { resume: { type: 'approve' } } })).rejects.toSatisfy((e) => statusOf(e) === 403);

    const approver = client(keys.approver);
    const resumed = await collect(approver.runs.stream(thread.thread_id, 'langgraph', { command: { resume: { type: 'approve' } }, streamMode: ['values', 'custom'] }));
    const done = lastValues(resumed);
    expect(done.__interrupt__).toBeUndefined();
    expect(done.messages.at(-1)?.content).toMatch(/TTN-000004/);
    expect(resumed.some((p) => p.event === 'custom' && (p.data as { type: string; tool?: string }).type === 'tool.call' && (p.data as { tool?: string }).tool === 'cancel_shipment')).toBe(true);
    // A second resume finds nothing pending: the decision was recorded once.
    await expect(approver.runs.wait(thread.thread_id, 'langgraph', { command: { resume: { type: 'approve' } } })).rejects.toSatisfy((e) => statusOf(e) === 409);
    expect((await approver.threads.get(thread.thread_id)).status).toBe('idle');

    const domain = SqliteDomainStore.open(dbPath);
    const runs = SqliteRunStore.open(dbPath);
    try {
      expect(await domain.countCancellations('TTN-000004')).toBe(1);
      // Journaled as the second client's key, through the same decision path as /v1.
      expect((await runs.latestRunForThread(thread.thread_id))?.approval).toMatchObject({ decision: 'approve', by: expect.stringContaining('supervisor-desk') });
    } finally {
      await domain.close();
      await runs.close();
    }
  });

  it('answers a stateless wait and refuses a key it does not know', async () => {
    const values = (await client(keys.operator).runs.wait(null, 'langgraph', { input: { messages: [{ role: 'user', content: 'Скільки ноутбуків SKU-1001 на складах?' }] } })) as { messages: Array<{ type: string; content: string }> };
    expect(values.messages.at(-1)?.content).toMatch(/SKU-1001/);
    await expect(client('wb_not-a-key').threads.search()).rejects.toSatisfy((e) => statusOf(e) === 401);
  });
});
