import { join } from 'node:path';
import { Client } from '@langchain/langgraph-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/mcp/stderr-logger.js';
import type { RunningWaybill } from '../../src/server/index.js';
import { openApiKeyStore, serveWaybill } from '../../src/server/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';

// Waybill's own port of the cases of langgraph-api's test suite (langgraphjs, libs/langgraph-api/tests/api.test.mts)
// that fit its surface, driven by the official SDK; docs/agent-protocol.md "Upstream API tests" lists each case, ported or not and why.
const temp = makeTempDir();
const dbPath = join(temp.dir, 'port.db');
let running: RunningWaybill;
let tenantSeq = 0;
const newKey = async (tenant?: string) => {
  const store = await openApiKeyStore(dbPath);
  try {
    // Each case its own tenant, so counts in searches are exact, as upstream's fresh database makes them.
    tenantSeq += 1;
    return (await store.create({ tenant: tenant ?? `port-${tenantSeq}`, role: 'operator', name: `port-${tenantSeq}` })).key;
  } finally {
    await store.close();
  }
};

beforeAll(async () => {
  running = await serveWaybill({ dbPath, port: 0, runtime: { offline: true }, log: silentLogger });
});
afterAll(async () => {
  await running.close();
  temp.cleanup();
});

const sdk = async (tenant?: string) => new Client({ apiUrl: running.url, apiKey: await newKey(tenant) });
const ASSISTANT = 'langgraph';
const question = (content: string) => ({ messages: [{ type: 'human', content }] });
const TRACK = 'Де зараз посилка TTN-000001?';
type Part = { event: string; data: unknown; id?: string };
const gather = async <T>(parts: AsyncIterable<T>): Promise<T[]> => {
  const seen: T[] = [];
  for await (const part of parts) seen.push(part);
  return seen;
};
const statusOf = (error: unknown) => (error as { status?: number }).status;
type Values = { messages: Array<{ type: string; id: string; content: string }>; __interrupt__?: unknown[] };

describe('langgraph-api upstream cases, ported', () => {
  it('list assistants: the search finds the served one, by graph id and by metadata, and nothing else', async () => {
    const client = await sdk();
    expect(await client.assistants.search()).toHaveLength(1);
    expect((await client.assistants.search({ graphId: 'waybill' })).every((a) => a.graph_id === 'waybill')).toBe(true);
    expect(await client.assistants.search({ graphId: 'agent' })).toEqual([]);
    expect(await client.assistants.search({ metadata: { runtime: ASSISTANT } })).toHaveLength(1);
    expect(await client.assistants.search({ metadata: { created_by: 'someone' } })).toEqual([]);
  });

  it('create and read thread: metadata is kept and the thread is read back', async () => {
    const client = await sdk();
    const metadata = { name: 'test_thread' };
    const made = await client.threads.create({ metadata });
    expect(made.metadata).toEqual(metadata);
    const read = await client.threads.get(made.thread_id);
    expect(read).toMatchObject({ thread_id: made.thread_id, metadata, status: 'idle' });
  });

  it('list threads: newest first, metadata filter, pagination, sort by creation both ways', async () => {
    const client = await sdk();
    expect(await client.threads.search()).toHaveLength(0);
    const first = await client.threads.create();
    expect((await client.threads.search()).map((t) => t.thread_id)).toEqual([first.thread_id]);
    await new Promise((resolve) => setTimeout(resolve, 3));
    const metadata = { name: 'test_thread' };
    const second = await client.threads.create({ metadata });
    expect((await client.threads.search()).map((t) => t.thread_id)).toEqual([second.thread_id, first.thread_id]);
    expect((await client.threads.search({ metadata })).map((t) => t.thread_id)).toEqual([second.thread_id]);
    expect((await client.threads.search({ offset: 1, limit: 1 })).map((t) => t.thread_id)).toEqual([first.thread_id]);
    expect((await client.threads.search({ sortBy: 'created_at', sortOrder: 'asc' })).map((t) => t.thread_id)).toEqual([first.thread_id, second.thread_id]);
    expect((await client.threads.search({ sortBy: 'created_at', sortOrder: 'desc' })).map((t) => t.thread_id)).toEqual([second.thread_id, first.thread_id]);
  });

  it('get thread history: empty before a run, a state per run, filtered by the run metadata', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    expect(await client.threads.getHistory(thread.thread_id)).toHaveLength(0);
    await client.runs.wait(thread.thread_id, ASSISTANT, { input: question(TRACK) });
    const history = await client.threads.getHistory<Values>(thread.thread_id);
    expect(history).toHaveLength(1);
    expect(history[0]?.values.messages.map((m) => m.type)).toEqual(['human', 'ai']);
    expect(history[0]?.next).toEqual([]);
    const runMetadata = { run_metadata: 'run_metadata' };
    await client.runs.wait(thread.thread_id, ASSISTANT, { input: question('Скільки ноутбуків SKU-1001 на складах?'), metadata: runMetadata });
    const full = await client.threads.getHistory<Values>(thread.thread_id);
    const filtered = await client.threads.getHistory<Values>(thread.thread_id, { metadata: runMetadata });
    expect(full).toHaveLength(2);
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.values.messages).toHaveLength(4);
  });

  it('list runs: every run of the thread, and by status', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    await client.runs.wait(thread.thread_id, ASSISTANT, { input: question(TRACK) });
    await client.runs.wait(thread.thread_id, ASSISTANT, { input: question(TRACK) });
    expect(await client.runs.list(thread.thread_id)).toHaveLength(2);
    expect(await client.runs.list(thread.thread_id, { status: 'success' })).toHaveLength(2);
    expect(await client.runs.list(thread.thread_id, { status: 'pending' })).toHaveLength(0);
  });

  it('wait: the final values, and the thread idle after', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    const values = (await client.runs.wait(thread.thread_id, ASSISTANT, { input: question(TRACK) })) as Values;
    expect(Array.isArray(values.messages)).toBe(true);
    expect((await client.threads.get(thread.thread_id)).status).toBe('idle');
  });

  it('stream values: metadata then values, each values event extending the last, the run a success', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    const parts = (await gather(client.runs.stream(thread.thread_id, ASSISTANT, { input: question(TRACK), streamMode: 'values' }))) as Part[];
    expect(new Set(parts.map((p) => p.event))).toEqual(new Set(['metadata', 'values']));
    expect(parts.at(-1)?.event).toBe('values');
    let previous: string[] = [];
    for (const part of parts.filter((p) => p.event === 'values')) {
      const ids = (part.data as Values).messages.map((m) => m.id);
      expect(ids.slice(0, -1)).toEqual(previous);
      previous = ids;
    }
    const runId = (parts[0]?.data as { run_id: string }).run_id;
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe('success');
    expect((await client.threads.getHistory(thread.thread_id)).length).toBeGreaterThan(0);
  });

  it('stream updates, events, messages, messages-tuple: only the modes asked for, the run a success', async () => {
    const client = await sdk();
    const cases: Array<[mode: 'updates' | 'events' | 'messages' | 'messages-tuple', events: string[]]> = [
      ['updates', ['metadata', 'updates']],
      ['events', ['metadata', 'events']],
      ['messages', ['metadata', 'messages/metadata', 'messages/complete']],
      ['messages-tuple', ['metadata', 'messages']],
    ];
    for (const [mode, events] of cases) {
      const thread = await client.threads.create();
      const parts = (await gather(client.runs.stream(thread.thread_id, ASSISTANT, { input: question(TRACK), streamMode: mode }))) as Part[];
      expect(new Set(parts.map((p) => p.event)), mode).toEqual(new Set(events));
      const runId = (parts[0]?.data as { run_id: string }).run_id;
      expect((await client.runs.get(thread.thread_id, runId)).status).toBe('success');
    }
  });

  it('stream mixed modes: each mode asked for arrives, values last', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    const parts = (await gather(client.runs.stream(thread.thread_id, ASSISTANT, { input: question(TRACK), streamMode: ['messages', 'values'] }))) as Part[];
    const seen = new Set(parts.map((p) => p.event));
    expect(seen).toEqual(new Set(['metadata', 'messages/metadata', 'messages/complete', 'values']));
    expect(parts.at(-1)?.event).toBe('values');
  });

  it('human in the loop: a run paused for approval shows its interrupt, and a Command resume finishes it', async () => {
    // The fixture shipments belong to the default tenant: only it may cancel one.
    const client = await sdk('default');
    const thread = await client.threads.create();
    const paused = (await client.runs.wait(thread.thread_id, ASSISTANT, { input: question('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн') })) as Values;
    expect(paused.__interrupt__).toHaveLength(1);
    const state = await client.threads.getState(thread.thread_id);
    expect(state.next).toEqual(['approval']);
    expect(state.tasks[0]).toMatchObject({ name: 'approval', path: ['__pregel_pull', 'approval'], result: null });
    expect((await client.threads.get(thread.thread_id)).status).toBe('interrupted');
    const resumed = (await client.runs.wait(thread.thread_id, ASSISTANT, { command: { resume: { type: 'approve' } } })) as Values;
    expect(resumed.__interrupt__).toBeUndefined();
    expect(resumed.messages.map((m) => m.type)).toEqual(['human', 'ai', 'ai']);
    expect((await client.threads.get(thread.thread_id)).status).toBe('idle');
  });

  it('interrupt before: refused by name (Waybill pauses only for approvals)', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    await expect(client.runs.wait(thread.thread_id, ASSISTANT, { input: question(TRACK), interruptBefore: ['tools'] })).rejects.toSatisfy((e) => statusOf(e) === 422);
  });

  it('non-existent graph id: a run on an unknown assistant is 404', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    await expect(client.runs.wait(thread.thread_id, 'no-such-graph', { input: question(TRACK) })).rejects.toSatisfy((e) => statusOf(e) === 404);
  });

  it('create + join, create + stream join: a background run is joined for its values and its stream', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    const run = await client.runs.create(thread.thread_id, ASSISTANT, { input: question(TRACK), streamMode: ['values'] });
    const values = (await client.runs.join(thread.thread_id, run.run_id)) as Values;
    expect(values.messages.map((m) => m.type)).toEqual(['human', 'ai']);
    const replayed = (await gather(client.runs.joinStream(thread.thread_id, run.run_id))) as Part[];
    expect(replayed.map((p) => p.event)).toEqual(['metadata', 'values', 'values']);
    expect(replayed.at(-1)?.data).toEqual(values);
  });

  it('multitasking reject: a second run on a busy thread is refused', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    const first = await client.runs.create(thread.thread_id, ASSISTANT, { input: question(TRACK) });
    const second = client.runs.create(thread.thread_id, ASSISTANT, { input: question(TRACK), multitaskStrategy: 'reject' });
    const outcome = await second.then(
      (run) => ({ run }),
      (error: unknown) => ({ status: statusOf(error) }),
    );
    // The first may already have ended on a fast machine; then the second is simply taken.
    if ('status' in outcome) expect(outcome.status).toBe(409);
    else await client.runs.join(thread.thread_id, outcome.run.run_id);
    await client.runs.join(thread.thread_id, first.run_id);
    await expect(client.runs.create(thread.thread_id, ASSISTANT, { input: question(TRACK), multitaskStrategy: 'interrupt' })).rejects.toSatisfy((e) => statusOf(e) === 422);
  });

  it('resumable streams: a join from the start (Last-Event-ID -1) gives exactly the stream the run sent', async () => {
    const client = await sdk();
    const thread = await client.threads.create();
    let created: (meta: { run_id: string }) => void = () => {};
    const runCreated = new Promise<{ run_id: string }>((resolve) => (created = resolve));
    const source = gather(client.runs.stream(thread.thread_id, ASSISTANT, { input: question(TRACK), streamMode: ['values', 'custom'], streamResumable: true, onRunCreated: created }));
    const { run_id } = await runCreated;
    const joined = await gather(client.runs.joinStream(thread.thread_id, run_id, { lastEventId: '-1' }));
    expect(joined).toEqual(await source);
  });
});
