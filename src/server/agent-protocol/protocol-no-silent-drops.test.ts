import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../server-test-kit.js';
import { openTestServer } from '../server-test-kit.js';

const ask = (content: string, extra: Record<string, unknown> = {}) => ({ assistant_id: 'langgraph', input: { messages: [{ role: 'user', content }] }, ...extra });

// Every field and filter a LangGraph client sends is honoured, or refused with 422 naming it.
describe('the Agent Protocol drops nothing silently', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ runtimeName: 'langgraph' });
  });
  afterAll(async () => {
    await server.close();
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await server.call(method, path, { key: server.keys.operator, ...(body !== undefined && { body }) });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const thread = async (metadata: Record<string, unknown> = {}) => ((await call('POST', '/threads', { metadata })).body as { thread_id: string }).thread_id;

  it('refuses with 422 a run field it cannot honour, or does not know, naming it', async () => {
    const t = await thread();
    for (const [field, value] of [['after_seconds', 5], ['config', { configurable: { model: 'x' } }], ['context', { user: 'u' }], ['checkpoint_id', 'cp-1'], ['webhook', 'http://x'], ['stream_subgraphs', true], ['on_completion', 'delete'], ['durability', 'exit'], ['frobnicate', 1]] as const) {
      const answer = await call('POST', `/threads/${t}/runs/wait`, ask('Де TTN-000001?', { [field]: value }));
      expect(answer.status, field).toBe(422);
      expect(JSON.stringify(answer.body), field).toContain(field);
    }
    // What it honours passes: no config but the thread, resumable streams, continue on disconnect, after 0 s.
    const ok = await call('POST', `/threads/${t}/runs/wait`, ask('Де TTN-000001?', { config: { configurable: { thread_id: t } }, stream_resumable: true, on_disconnect: 'continue', after_seconds: 0, durability: 'sync' }));
    expect(ok.status).toBe(200);
    expect((await call('POST', '/threads/search', { limit: 5, values: { messages: [] } })).status).toBe(422);
    expect((await call('POST', `/threads/${t}/history`, { checkpoint: { checkpoint_ns: 'sub' } })).status).toBe(422);
    expect((await call('GET', `/threads/${t}/runs?sort=desc`)).status).toBe(422);
    expect((await call('GET', `/threads/${t}/runs/${((await call('GET', `/threads/${t}/runs`)).body as Array<{ run_id: string }>)[0]?.run_id ?? ''}/stream?stream_mode=values&foo=1`)).status).toBe(422);
  });

  it('sorts a thread search in the order asked, filters by metadata and status, and selects fields', async () => {
    const tag = `sort-${Date.now()}`;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await thread({ tag, n }));
      // Distinct creation instants, so the order asked for is the order made.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const search = async (body: Record<string, unknown>) => (await call('POST', '/threads/search', { metadata: { tag }, ...body })).body as Array<Record<string, unknown>>;
    expect((await search({ sort_by: 'created_at', sort_order: 'asc' })).map((t) => t.thread_id)).toEqual(ids);
    expect((await search({ sort_by: 'created_at', sort_order: 'desc' })).map((t) => t.thread_id)).toEqual([...ids].reverse());
    expect((await search({ sort_by: 'thread_id', sort_order: 'asc' })).map((t) => t.thread_id)).toEqual([...ids].sort());
    expect((await search({ metadata: { tag, n: 2 } })).map((t) => t.thread_id)).toEqual([ids[1]]);
    expect((await search({ sort_by: 'created_at', sort_order: 'asc', limit: 1, offset: 1 })).map((t) => t.thread_id)).toEqual([ids[1]]);
    await call('POST', `/threads/${ids[0] ?? ''}/runs/wait`, ask('Скасуй TTN-000004, клієнт передумав, поверни 500 грн'));
    expect((await search({ status: 'interrupted' })).map((t) => t.thread_id)).toEqual([ids[0]]);
    expect((await search({ status: 'idle', sort_by: 'created_at', sort_order: 'asc' })).map((t) => t.thread_id)).toEqual(ids.slice(1));
    expect(Object.keys((await search({ select: ['thread_id', 'status'] }))[0] ?? {}).sort()).toEqual(['status', 'thread_id']);
    expect((await call('POST', '/threads/search', { sort_order: 'sideways' })).status).toBe(400);
  });

  it('filters history by metadata and starts it before a checkpoint; filters runs by status; gives tasks the upstream shape', async () => {
    const t = await thread();
    await call('POST', `/threads/${t}/runs/wait`, ask('Де зараз посилка TTN-000001?'));
    await call('POST', `/threads/${t}/runs/wait`, ask('Скасуй TTN-000004, клієнт передумав, поверни 500 грн'));
    const history = (await call('POST', `/threads/${t}/history`, {})).body as Array<{ checkpoint: { checkpoint_id: string }; metadata: { run_id: string; step: number }; tasks: Array<Record<string, unknown>> }>;
    expect(history).toHaveLength(2);
    const [latest, first] = history;
    expect((await call('POST', `/threads/${t}/history`, { metadata: { step: 1 } })).body).toEqual([first]);
    expect((await call('POST', `/threads/${t}/history`, { before: { configurable: { checkpoint_id: latest?.checkpoint.checkpoint_id } } })).body).toEqual([first]);
    expect((await call('GET', `/threads/${t}/history?before=${latest?.checkpoint.checkpoint_id ?? ''}`)).body).toEqual([first]);
    expect((await call('POST', `/threads/${t}/history`, { before: 'no-such-checkpoint' })).status).toBe(404);
    expect(Object.keys(latest?.tasks[0] ?? {}).sort()).toEqual(['checkpoint', 'error', 'id', 'interrupts', 'name', 'path', 'result', 'state']);
    const runs = (await call('GET', `/threads/${t}/runs`)).body as Array<{ run_id: string; status: string }>;
    expect(runs).toHaveLength(2);
    expect((await call('GET', `/threads/${t}/runs?status=success&limit=1&offset=1`)).body).toEqual([runs[1]]);
    expect((await call('GET', `/threads/${t}/runs?status=error`)).body).toEqual([]);
    expect((await call('GET', `/threads/${t}/runs?status=done`)).status).toBe(400);
  });

  it('filters the assistant search by metadata, name and graph id, and pages it', async () => {
    const search = async (body: Record<string, unknown>) => (await call('POST', '/assistants/search', body)).body as Array<Record<string, unknown>>;
    expect(await search({ metadata: { runtime: 'langgraph' } })).toHaveLength(1);
    expect(await search({ metadata: { runtime: 'adk' } })).toEqual([]);
    expect(await search({ name: 'waybill-langgraph', graph_id: 'waybill' })).toHaveLength(1);
    expect(await search({ name: 'other' })).toEqual([]);
    expect(await search({ offset: 1 })).toEqual([]);
    expect(Object.keys((await search({ select: ['assistant_id'] }))[0] ?? {})).toEqual(['assistant_id']);
    expect((await call('POST', '/assistants/search', { version: 2 })).status).toBe(422);
  });
});
