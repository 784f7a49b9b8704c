import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/read-sse.js';
import type { TestServer } from '../server-test-kit.js';
import { openTestServer } from '../server-test-kit.js';

type Values = { messages: Array<{ type: string; content: string }> };
type Thread = { thread_id: string; metadata: Record<string, unknown>; status: string; values: Values };

const ask = (content: string) => ({ assistant_id: 'langgraph', input: { messages: [{ role: 'user', content }] } });

// Thread ids are scoped by tenant (docs/agent-protocol.md "Keys, tenants, roles"): another tenant's id answers exactly as a free one.
describe('thread ids over the Agent Protocol and /v1, scoped by tenant', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

  it('lets another tenant read, create, run, stream and search its own thread of the same id as if it were free, never seeing the first tenant’s', async () => {
    const acme = server.keys.operator;
    const globex = server.keys.globex;
    await server.call('POST', '/threads', { key: acme, body: { thread_id: 'shared-1', metadata: { who: 'acme' } } });
    const acmeAnswer = await json<Values>(server.call('POST', '/threads/shared-1/runs/wait', { key: acme, body: ask('Де зараз посилка TTN-000001?') }));
    expect(acmeAnswer.messages.map((m) => m.type)).toEqual(['human', 'ai']);

    // Before globex makes it, acme's id answers globex exactly as an id no one has.
    for (const path of ['/threads/shared-1', '/threads/shared-1/state', '/threads/shared-1/runs']) {
      const taken = await server.call('GET', path, { key: globex });
      const free = await server.call('GET', path.replace('shared-1', 'never-made-1'), { key: globex });
      expect([taken.status, free.status]).toEqual([404, 404]);
      expect(JSON.stringify(await taken.json()).replace('shared-1', 'ID')).toBe(JSON.stringify(await free.json()).replace('never-made-1', 'ID'));
    }
    expect(await json<unknown[]>(server.call('POST', '/threads/search', { key: globex, body: { ids: ['shared-1'] } }))).toEqual([]);

    // globex makes its own "shared-1", empty and with its own metadata; a second create is 409 as for any id the tenant has.
    const made = await json<Thread>(server.call('POST', '/threads', { key: globex, body: { thread_id: 'shared-1', metadata: { who: 'globex' } } }));
    expect(made).toMatchObject({ thread_id: 'shared-1', metadata: { who: 'globex' }, status: 'idle', values: { messages: [] } });
    expect((await server.call('POST', '/threads', { key: globex, body: { thread_id: 'shared-1' } })).status).toBe(409);

    // A streamed run on it names the id globex sent and carries only globex's conversation.
    const stream = await server.call('POST', '/threads/shared-1/runs/stream', { key: globex, body: { ...ask('Скільки ноутбуків SKU-1001 на складах?'), stream_mode: ['values'] } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-location')).toMatch(/^\/threads\/shared-1\/runs\/run-/);
    const events = await readSse(stream);
    expect(events[0]?.data).toMatchObject({ thread_id: 'shared-1' });
    const last = events.at(-1)?.data as Values;
    expect(last.messages.map((m) => m.type)).toEqual(['human', 'ai']);
    expect(JSON.stringify(last)).not.toContain('TTN-000001');

    const globexThread = await json<Thread>(server.call('GET', '/threads/shared-1', { key: globex }));
    expect(globexThread).toMatchObject({ thread_id: 'shared-1', metadata: { who: 'globex' }, status: 'idle' });
    expect(JSON.stringify(globexThread.values)).not.toContain('TTN-000001');
    const acmeThread = await json<Thread>(server.call('GET', '/threads/shared-1', { key: acme }));
    expect(acmeThread).toMatchObject({ thread_id: 'shared-1', metadata: { who: 'acme' } });
    expect(acmeThread.values.messages.map((m) => m.content).join(' ')).toContain('TTN-000001');
    expect(JSON.stringify(acmeThread.values)).not.toContain('SKU-1001');

    // Each sees one run on its thread, its own; each search finds its own thread.
    const acmeRuns = await json<Array<{ run_id: string; thread_id: string }>>(server.call('GET', '/threads/shared-1/runs', { key: acme }));
    const globexRuns = await json<Array<{ run_id: string; thread_id: string }>>(server.call('GET', '/threads/shared-1/runs', { key: globex }));
    expect(acmeRuns).toHaveLength(1);
    expect(globexRuns).toHaveLength(1);
    expect(globexRuns[0]?.thread_id).toBe('shared-1');
    expect(globexRuns[0]?.run_id).not.toBe(acmeRuns[0]?.run_id);
    expect((await server.call('GET', `/threads/shared-1/runs/${acmeRuns[0]?.run_id ?? ''}`, { key: globex })).status).toBe(404);
    const found = await json<Thread[]>(server.call('POST', '/threads/search', { key: globex, body: { ids: ['shared-1'] } }));
    expect(found.map((t) => t.metadata)).toEqual([{ who: 'globex' }]);
  });

  it('creates a thread on a run to another tenant’s id with if_not_exists, and lets /v1 runs use the id apart too', async () => {
    const acme = server.keys.operator;
    const globex = server.keys.globex;
    await server.call('POST', '/threads', { key: acme, body: { thread_id: 'shared-2' } });
    const created = await server.call('POST', '/threads/shared-2/runs/wait', { key: globex, body: { ...ask('Скільки ноутбуків SKU-1001 на складах?'), if_not_exists: 'create' } });
    expect(created.status).toBe(200);
    expect(((await created.json()) as Values).messages.map((m) => m.type)).toEqual(['human', 'ai']);
    // acme's thread of that id is untouched by globex's run.
    expect(await json<Thread>(server.call('GET', '/threads/shared-2', { key: acme }))).toMatchObject({ values: { messages: [] } });

    // /v1 runs name the thread as the tenant does: globex continues its own shared-2, acme its own.
    const v1 = await json<{ thread_id: string; tenant: string }>(server.call('POST', '/v1/runs', { key: globex, body: { input: 'А SKU-1002?', thread_id: 'shared-2' } }));
    expect(v1).toMatchObject({ thread_id: 'shared-2', tenant: 'globex' });
    const globexThread = await json<Thread>(server.call('GET', '/threads/shared-2', { key: globex }));
    expect(globexThread.values.messages.map((m) => m.type)).toEqual(['human', 'ai', 'ai']);
    expect(await json<Thread>(server.call('GET', '/threads/shared-2', { key: acme }))).toMatchObject({ values: { messages: [] } });
  });
});
