import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createQueueTestSchema } from '../../src/queue/queue-test-schema.js';
import { openProtocolStore } from '../../src/server/agent-protocol/open-protocol-store.js';
import { readSse } from '../../src/testing/read-sse.js';
import { testPostgresUrl, type TestSchema } from '../../src/testing/postgres-test-schema.js';
import { CLI, serverEnv } from './helpers.js';

const baseUrl = testPostgresUrl();

function started(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`did not start:\n${err}`)), 60_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const found = pattern.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] ?? found[0]);
      }
    });
  });
}

type Values = { messages: Array<{ type: string; content: string }>; __interrupt__?: Array<{ value: { action_requests: Array<{ name: string }> } }> };

// The Agent Protocol behind a load balancer: two `serve --queue` processes and two workers on one
// PostgreSQL database; whichever process a request reaches, it sees the same threads, runs and events.
describe.runIf(baseUrl)('the Agent Protocol on two serve processes and two workers sharing PostgreSQL', () => {
  let schema: TestSchema | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await schema?.drop();
  });

  it('creates a run through one serve, a worker runs it, the other serve streams and rejoins it, and an approval is decided through either', { timeout: 240_000 }, async () => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    const env = serverEnv(schema.url);
    const created = spawnSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'operator'], { env, encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    const key = created.stdout.trim();
    const otherCreated = spawnSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'globex', '--role', 'operator'], { env: { ...env, WAYBILL_ROLE: 'platform_admin' }, encoding: 'utf8' });
    expect(otherCreated.status, otherCreated.stderr).toBe(0);
    const otherKey = otherCreated.stdout.trim();
    const serves: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const serve = spawn(process.execPath, [CLI, 'serve', '--queue', '--port', '0'], { env });
      children.push(serve);
      serves.push(await started(serve, /API at (http:\/\/[^\s/]+)\/v1/));
    }
    for (let i = 0; i < 2; i += 1) {
      const worker = spawn(process.execPath, [CLI, 'worker', '--concurrency', '1'], { env });
      children.push(worker);
      await started(worker, /taking jobs/);
    }
    const [a = '', b = ''] = serves;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const post = async (base: string, path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const get = async (base: string, path: string) => (await fetch(`${base}${path}`, { headers })).json() as Promise<Record<string, unknown>>;
    const question = (content: string) => ({ assistant_id: 'langgraph', input: { messages: [{ role: 'user', content }] } });

    // Through A: a cancellation, streamed; the connection drops after two events.
    const thread = (await (await post(a, '/threads', {})).json()) as { thread_id: string };
    const cut = new AbortController();
    const streaming = await fetch(`${a}/threads/${thread.thread_id}/runs/stream`, {
      method: 'POST', headers, signal: cut.signal,
      body: JSON.stringify({ ...question('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн'), stream_mode: ['values', 'custom'] }),
    });
    const location = streaming.headers.get('location') ?? '';
    const before = await readSse(streaming, { stopAfter: 2, cut });
    const runId = (before[0]?.data as { run_id: string }).run_id;

    // Through B: the same run, rejoined where A's stream dropped, until the worker pauses it for approval.
    const rest = await readSse(await fetch(`${b}${location}`, { headers: { ...headers, 'last-event-id': before.at(-1)?.id ?? '' } }));
    const received = [...before, ...rest];
    const store = await openProtocolStore(schema.url);
    try {
      const stored = (await store.listEvents(runId, 0, 10_000)).filter((e) => ['metadata', 'values', 'custom'].includes(e.event));
      expect(received.map((e) => e.id)).toEqual(stored.map((e) => String(e.seq)));
      expect(received.filter((e) => e.event === 'custom').map((e) => (e.data as { type: string }).type)).toEqual(expect.arrayContaining(['run.start', 'tool.call', 'approval.requested']));
    } finally {
      await store.close();
    }
    const paused = received.at(-1)?.data as Values;
    expect(paused.__interrupt__?.[0]?.value.action_requests[0]?.name).toBe('cancel_shipment');
    expect(await get(b, `/threads/${thread.thread_id}/runs/${runId}`)).toMatchObject({ status: 'success' });
    expect(await get(a, `/threads/${thread.thread_id}`)).toMatchObject({ status: 'interrupted' });

    // Decided through B as a protocol resume, run by a worker, joined through A.
    const resumed = (await (await post(b, `/threads/${thread.thread_id}/runs`, { assistant_id: 'langgraph', command: { resume: { type: 'approve' } } })).json()) as { run_id: string; status: string };
    expect(resumed.status).toBe('pending');
    const joined = (await get(a, `/threads/${thread.thread_id}/runs/${resumed.run_id}/join`)) as unknown as Values;
    expect(joined.messages?.map((m) => m.type), JSON.stringify(joined)).toEqual(['human', 'ai', 'ai']);
    expect(joined.__interrupt__).toBeUndefined();
    expect(await get(b, `/threads/${thread.thread_id}`)).toMatchObject({ status: 'idle' });

    // A second pause, decided through A's /v1 approvals: B's thread shows the resumed answer once a worker has run it.
    const second = (await (await post(b, '/threads', {})).json()) as { thread_id: string };
    const waited = (await (await post(b, `/threads/${second.thread_id}/runs/wait`, question('Скасуй TTN-000012, клієнт відмовився, поверни 300 грн'))).json()) as Values;
    expect(waited.__interrupt__, JSON.stringify(waited)).toHaveLength(1);
    const pausedRunId = (waited.__interrupt__?.[0]?.value as { paused_run_id?: string } | undefined)?.paused_run_id ?? '';
    const decided = await fetch(`${a}/v1/approvals/${pausedRunId}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ decision: 'reject', reason: 'клієнт передумав' }) });
    // In queue mode the decision answers 202 with the queued resume (docs/service.md), unless a worker already finished it.
    expect([200, 202]).toContain(decided.status);
    if (decided.status === 202) expect(await decided.json()).toMatchObject({ status: 'queued', paused_run_id: pausedRunId, decision: 'reject' });
    let state: Record<string, unknown> = {};
    for (let i = 0; i < 240; i += 1) {
      state = await get(b, `/threads/${second.thread_id}`);
      if (state.status === 'idle') break;
      await sleep(250);
    }
    expect(state).toMatchObject({ status: 'idle' });
    expect(((state.values as Values).messages).map((m) => m.type)).toEqual(['human', 'ai', 'ai']);

    // Thread ids are scoped by tenant: another tenant's key gets 404 for the first thread's id, as for a
    // free one, then makes, runs (by a worker) and reads its own thread of that id through either serve.
    const other = { 'x-api-key': otherKey, 'content-type': 'application/json' };
    expect((await fetch(`${a}/threads/${thread.thread_id}`, { headers: other })).status).toBe(404);
    const made = await fetch(`${b}/threads`, { method: 'POST', headers: other, body: JSON.stringify({ thread_id: thread.thread_id }) });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ thread_id: thread.thread_id, values: { messages: [] } });
    const theirs = (await (await fetch(`${a}/threads/${thread.thread_id}/runs/wait`, { method: 'POST', headers: other, body: JSON.stringify(question('Скільки ноутбуків SKU-1001 на складах?')) })).json()) as Values;
    expect(theirs.messages.map((m) => m.type), JSON.stringify(theirs)).toEqual(['human', 'ai']);
    expect(JSON.stringify(theirs)).not.toContain('TTN-000004');
    const firstAgain = await get(b, `/threads/${thread.thread_id}`);
    expect(((firstAgain.values as Values).messages).map((m) => m.type)).toEqual(['human', 'ai', 'ai']);
    expect(JSON.stringify(firstAgain.values)).not.toContain('SKU-1001');
  });
});
