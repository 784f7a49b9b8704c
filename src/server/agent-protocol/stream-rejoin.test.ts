import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../mcp/stderr-logger.js';
import { createOracleApp } from '../../models/oracle/create-oracle-app.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { openApiKeyStore } from '../open-api-key-store.js';
import type { RunningWaybill } from '../serve-waybill.js';
import { serveWaybill } from '../serve-waybill.js';
import { openProtocolStore } from './open-protocol-store.js';
import { readSse } from '../../testing/read-sse.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'rejoin.db');
let running: RunningWaybill;
let oracle: ReturnType<typeof serve>;
let key = '';

beforeAll(async () => {
  // Each model call takes a while, so the run is still going when the connection is cut.
  const url = await new Promise<string>((resolve) => {
    oracle = serve({ fetch: createOracleApp({ latencyMs: 300 }).fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}/v1`));
  });
  running = await serveWaybill({ dbPath, port: 0, log: silentLogger, runtime: { endpoint: { model: 'gpt-4.1-mini', baseUrl: url, apiKey: 'test' }, modelConfig: { fallbacks: [], temperature: 0.1, timeoutMs: 20_000, maxRetries: 0 } } });
  const keys = await openApiKeyStore(dbPath);
  key = (await keys.create({ tenant: 'default', role: 'operator', name: 'rejoin' })).key;
  await keys.close();
});
afterAll(async () => {
  await running.close();
  await new Promise<void>((resolve) => oracle.close(() => resolve()));
  temp.cleanup();
});

const headers = () => ({ 'x-api-key': key, 'content-type': 'application/json' });

describe('a stream cut mid-run', () => {
  it('is rejoined with Last-Event-ID and no stream mode, and the client has every event of the run exactly once, in order', async () => {
    const thread = (await (await fetch(`${running.url}/threads`, { method: 'POST', headers: headers(), body: '{}' })).json()) as { thread_id: string };
    const modes = ['values', 'updates', 'custom', 'messages-tuple'];
    const cut = new AbortController();
    const first = await fetch(`${running.url}/threads/${thread.thread_id}/runs/stream`, {
      method: 'POST', headers: headers(), signal: cut.signal,
      body: JSON.stringify({ assistant_id: 'langgraph', input: { messages: [{ role: 'user', content: 'Де зараз посилка TTN-000001?' }] }, stream_mode: modes }),
    });
    const location = first.headers.get('location') ?? '';
    const before = await readSse(first, { stopAfter: 3, cut });
    expect(before.map((e) => e.event)).toEqual(['metadata', 'values', 'updates']);
    const runId = (before[0]?.data as { run_id: string }).run_id;
    expect(location).toBe(`/threads/${thread.thread_id}/runs/${runId}/stream`);

    // The SDK's own reconnect: the Location, the last id seen, no stream mode.
    const rejoined = await fetch(`${running.url}${location}`, { headers: { ...headers(), 'last-event-id': before.at(-1)?.id ?? '' } });
    expect(rejoined.status).toBe(200);
    const after = await readSse(rejoined);
    const received = [...before, ...after];

    const store = await openProtocolStore(dbPath);
    try {
      const stored = await store.listEvents(runId, 0, 10_000);
      // Every event the run produced in these modes (messages-tuple is sent as `messages`), each once.
      const wanted = stored.filter((e) => ['metadata', 'values', 'updates', 'custom', 'messages'].includes(e.event));
      expect(received.map((e) => e.id)).toEqual(wanted.map((e) => String(e.seq)));
      expect(received.map((e) => e.data)).toEqual(wanted.map((e) => e.data));
      expect(new Set(received.map((e) => e.id)).size).toBe(received.length);
      expect(after.filter((e) => e.event === 'custom').length).toBeGreaterThan(2);
      expect((after.at(-1)?.data as { messages: Array<{ type: string }> }).messages.map((m) => m.type)).toEqual(['human', 'ai']);
      expect((await store.runRequest(runId))?.ended_at).not.toBeNull();
      // The status is the kernel record's, as the route reads it.
      const run = (await (await fetch(`${running.url}/threads/${thread.thread_id}/runs/${runId}`, { headers: headers() })).json()) as { status: string; metadata: { waybill_run_id?: string } };
      expect(run).toMatchObject({ status: 'success', metadata: { waybill_run_id: runId } });
    } finally {
      await store.close();
    }
  }, 60_000);

  it('cancels the run when a client that asked for on_disconnect "cancel" goes away, and only then', async () => {
    const thread = (await (await fetch(`${running.url}/threads`, { method: 'POST', headers: headers(), body: '{}' })).json()) as { thread_id: string };
    const cut = new AbortController();
    const streaming = await fetch(`${running.url}/threads/${thread.thread_id}/runs/stream`, {
      method: 'POST', headers: headers(), signal: cut.signal,
      body: JSON.stringify({ assistant_id: 'langgraph', input: 'Де зараз посилка TTN-000001?', stream_mode: ['custom'], on_disconnect: 'cancel' }),
    });
    const seen = await readSse(streaming, { stopAfter: 2, cut });
    const runId = (seen[0]?.data as { run_id: string }).run_id;
    const joined = await fetch(`${running.url}/threads/${thread.thread_id}/runs/${runId}/join`, { headers: headers() });
    expect(joined.status).toBe(200);
    const run = (await (await fetch(`${running.url}/threads/${thread.thread_id}/runs/${runId}`, { headers: headers() })).json()) as { status: string };
    expect(run.status).toBe('interrupted');
  }, 60_000);

  it('refuses a Last-Event-ID that is not one of its ids, naming the header', async () => {
    const thread = (await (await fetch(`${running.url}/threads`, { method: 'POST', headers: headers(), body: '{}' })).json()) as { thread_id: string };
    const run = (await (await fetch(`${running.url}/threads/${thread.thread_id}/runs`, { method: 'POST', headers: headers(), body: JSON.stringify({ assistant_id: 'langgraph', input: 'Де TTN-000001?' }) })).json()) as { run_id: string };
    const answer = await fetch(`${running.url}/threads/${thread.thread_id}/runs/${run.run_id}/stream`, { headers: { ...headers(), 'last-event-id': 'abc' } });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain('Last-Event-ID');
    await fetch(`${running.url}/threads/${thread.thread_id}/runs/${run.run_id}/join`, { headers: headers() });
  }, 60_000);
});
