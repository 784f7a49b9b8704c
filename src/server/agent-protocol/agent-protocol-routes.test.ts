import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOracleApp } from '../../models/oracle/create-oracle-app.js';
import type { RuntimeName } from '../../runtimes/index.js';
import type { TestServer } from '../server-test-kit.js';
import { openTestServer, SERVED_RUNTIMES } from '../server-test-kit.js';

const CANCEL = 'Скасуй TTN-000004, клієнт передумав, поверни 500 грн';

// What each runtime can decide on a pause (docs/runtimes.md): the SDK approves or rejects the exact call; ADK never pauses.
const DECISIONS: Record<RuntimeName, string[]> = { langgraph: ['approve', 'edit', 'reject'], 'openai-agents': ['approve', 'reject'], adk: [] };

type Messages = { messages: Array<{ type: string; content: string; response_metadata: { waybill: { stop_reason: string; status: string } } }> };

// The same protocol over each runtime; where a runtime pauses (LangGraph, OpenAI Agents) and takes an edit (LangGraph) differs, said per case.
describe.each(SERVED_RUNTIMES)('the Agent Protocol on the %s runtime', (runtimeName: RuntimeName) => {
  const pauses = runtimeName !== 'adk';
  const ask = (content: string) => ({ assistant_id: runtimeName, input: { messages: [{ role: 'user', content }] } });
  const resume = (value: unknown) => ({ assistant_id: runtimeName, command: { resume: value } });

  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ runtimeName });
  });
  afterAll(async () => {
    await server.close();
  });

  const newThread = async (key = server.keys.operator) => ((await (await server.call('POST', '/threads', { key, body: {} })).json()) as { thread_id: string }).thread_id;
  const wait = async (threadId: string, body: unknown, key = server.keys.operator) => server.call('POST', `/threads/${threadId}/runs/wait`, { key, body });

  describe('the Agent Protocol routes', () => {
    it('take the same API keys as /v1, in x-api-key or as a Bearer token, and leave /v1 and /console as they were', async () => {
      expect((await server.call('GET', '/ok')).status).toBe(401);
      expect((await server.call('GET', '/ok', { headers: { 'x-api-key': server.keys.viewer } })).status).toBe(200);
      expect(await (await server.call('GET', '/info', { key: server.keys.viewer })).json()).toMatchObject({ waybill: { runtime: runtimeName, decisions: DECISIONS[runtimeName] } });
      expect((await server.call('GET', '/v1/me', { headers: { 'x-api-key': server.keys.viewer } })).status).toBe(401);
      expect((await server.call('GET', '/console')).status).toBe(200);
      const other = SERVED_RUNTIMES.find((name) => name !== runtimeName) ?? 'langgraph';
      expect((await server.call('GET', `/assistants/${other}`, { key: server.keys.viewer })).status).toBe(404);
      expect((await server.call('GET', `/assistants/${runtimeName}`, { key: server.keys.viewer })).status).toBe(200);
      expect((await server.call('GET', '/assistants/waybill', { key: server.keys.viewer })).status).toBe(200);
    });

    it('let a viewer read but not start runs or make threads; keep each tenant to its own threads', async () => {
      expect((await server.call('POST', '/threads', { key: server.keys.viewer, body: {} })).status).toBe(403);
      const threadId = await newThread();
      expect((await wait(threadId, ask('Де зараз посилка TTN-000001?'), server.keys.viewer)).status).toBe(403);
      expect((await server.call('GET', `/threads/${threadId}`, { key: server.keys.viewer })).status).toBe(200);
      expect((await server.call('GET', `/threads/${threadId}/state`, { key: server.keys.globex })).status).toBe(404);
      expect((await server.call('POST', `/threads/${threadId}/history`, { key: server.keys.globex, body: {} })).status).toBe(404);
      const globexSearch = (await (await server.call('POST', '/threads/search', { key: server.keys.globex, body: { ids: [threadId] } })).json()) as unknown[];
      expect(globexSearch).toEqual([]);
      // Its own id again is 409; ids are scoped by tenant, so another tenant's id is a free one (tenant-thread-ids.test.ts).
      expect((await server.call('POST', '/threads', { key: server.keys.operator, body: { thread_id: threadId } })).status).toBe(409);
    });

    it('refuse bad requests by name: no question, an unknown stream mode, a resume with nothing pending, a question to a paused thread', async () => {
      const threadId = await newThread();
      const noInput = await wait(threadId, { assistant_id: runtimeName, input: { messages: [] } });
      expect(noInput.status).toBe(400);
      expect(JSON.stringify(await noInput.json())).toContain('input');
      const badMode = await server.call('POST', `/threads/${threadId}/runs/stream`, { key: server.keys.operator, body: { ...ask('Де TTN-000001?'), stream_mode: ['debug'] } });
      expect(badMode.status).toBe(422);
      expect(JSON.stringify(await badMode.json())).toContain('stream_mode');
      const nothing = await wait(threadId, resume(true));
      expect(nothing.status).toBe(409);
      expect(await nothing.json()).toMatchObject({ error: { code: 'nothing_pending' } });
      if (!pauses) {
        // ADK has no cancellation (docs/runtimes.md): the run finishes saying so, nothing waits, nothing is cancelled.
        const answered = await wait(threadId, ask(CANCEL));
        expect(answered.status).toBe(200);
        const values = (await answered.json()) as Messages & { __interrupt__?: unknown };
        expect(values.__interrupt__).toBeUndefined();
        expect(values.messages.at(-1)?.response_metadata.waybill.status).toBe('finished');
        expect(await (await server.call('GET', `/threads/${threadId}`, { key: server.keys.viewer })).json()).toMatchObject({ status: 'idle', interrupts: {} });
        const after = await wait(threadId, resume(true));
        expect(after.status).toBe(409);
        expect(await after.json()).toMatchObject({ error: { code: 'nothing_pending', message: expect.stringContaining('the adk runtime never pauses for approval') } });
        expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
        return;
      }
      expect(await (await wait(threadId, ask(CANCEL))).json()).toMatchObject({ __interrupt__: [{ value: { action_requests: [{ name: 'cancel_shipment' }], review_configs: [{ action_name: 'cancel_shipment', allowed_decisions: DECISIONS[runtimeName] }] } }] });
      expect((await wait(threadId, ask('Де зараз посилка TTN-000001?'))).status).toBe(409);
      expect((await wait(threadId, resume({ type: 'maybe' }))).status).toBe(400);
      // Still pending after the refused requests: a rejection ends it, and nothing is cancelled.
      const rejected = (await (await wait(threadId, resume({ type: 'reject', reason: 'клієнт передумав' }))).json()) as Messages;
      expect(rejected.messages.at(-1)?.response_metadata.waybill.stop_reason).toBe('approval_rejected');
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
    });

    it('stream only the modes asked for, metadata first: events and messages here, no values', async () => {
      const res = await server.call('POST', '/runs/stream', { key: server.keys.operator, body: { ...ask('Де зараз посилка TTN-000001?'), stream_mode: ['events', 'messages'] } });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('location')).toMatch(/^\/threads\/[^/]+\/runs\/run-[^/]+\/stream$/);
      const names = [...(await res.text()).matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
      expect(names[0]).toBe('metadata');
      expect(names).toContain('events');
      expect(names).toContain('messages/complete');
      expect(names.filter((n) => n === 'values' || n === 'custom' || n === 'updates' || n === 'messages')).toEqual([]);
    });

    // Defined only where the runtime pauses: ADK's lack of a pause is the case above.
    if (pauses) it('apply an edit sent in LangChain human-in-the-loop form, with the edited arguments, once (LangGraph); refuse it by name where the runtime takes no edit (OpenAI Agents)', async () => {
      const threadId = await newThread();
      await wait(threadId, ask('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн'));
      const edited = await wait(threadId, resume({ decisions: [{ type: 'edit', edited_action: { name: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 300 } } }] }));
      expect(edited.status).toBe(200);
      const history = async () => ((await (await server.call('POST', `/threads/${threadId}/history`, { key: server.keys.viewer, body: { limit: 10 } })).json()) as Array<{ next: string[] }>).map((state) => state.next);
      if (runtimeName === 'openai-agents') {
        // The SDK approves or rejects the exact call: the edit is refused, the pause stays and an approval still ends it.
        expect(await edited.json()).toMatchObject({ __error__: { error: 'invalid_edit', message: expect.stringContaining('edit is not supported') } });
        expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
        expect(await history()).toEqual([['approval']]);
        // The refused resume has no kernel record: it reads `error`, the pause it left reads `success`.
        const refused = (await (await server.call('GET', `/threads/${threadId}/runs`, { key: server.keys.viewer })).json()) as Array<{ status: string; metadata: { waybill_run_id?: string } }>;
        expect(refused.map((r) => [r.status, r.metadata.waybill_run_id !== undefined])).toEqual([['error', false], ['success', true]]);
        expect((await wait(threadId, resume('approve'))).status).toBe(200);
        expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
        return;
      }
      const record = await server.opened.runs.latestRunForThread(threadId);
      expect(record?.approval).toMatchObject({ decision: 'edit', args: { refund_uah: 300 }, by: expect.stringContaining('acme-operator') });
      // The resume is recorded by the kernel under the protocol run's own id, and its status is read from that record.
      const runs = (await (await server.call('GET', `/threads/${threadId}/runs`, { key: server.keys.viewer })).json()) as Array<{ run_id: string; status: string; metadata: { waybill_run_id?: string } }>;
      expect(runs.map((r) => [r.status, r.metadata.waybill_run_id === r.run_id])).toEqual([['success', true], ['success', true]]);
      expect(record?.run_id).toBe(runs[0]?.run_id);
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
      expect(await history()).toEqual([[], ['approval']]);
    });
  });

  if (pauses) describe('a thread paused through the protocol and decided through /v1', () => {
    it('reads idle with the resumed answer, once, and takes the next question', async () => {
      const threadId = await newThread();
      await wait(threadId, ask(CANCEL.replace('TTN-000004', 'TTN-000002').replace('500', '90')));
      const paused = await server.opened.runs.latestRunForThread(threadId);
      expect(paused).toMatchObject({ runtime: runtimeName, status: 'awaiting_approval' });
      expect((await server.call('POST', `/v1/approvals/${paused?.run_id ?? ''}`, { key: server.keys.admin, body: { decision: 'approve' } })).status).toBe(200);
      const thread = (await (await server.call('GET', `/threads/${threadId}`, { key: server.keys.viewer })).json()) as { status: string; values: { messages: Array<{ type: string }> }; interrupts: object };
      expect(thread).toMatchObject({ status: 'idle', interrupts: {} });
      expect(thread.values.messages.map((m) => m.type)).toEqual(['human', 'ai', 'ai']);
      expect((await (await server.call('GET', `/threads/${threadId}`, { key: server.keys.viewer })).json()) as object).toEqual(thread);
      expect((await wait(threadId, ask('Де зараз посилка TTN-000001?'))).status).toBe(200);
      expect(await server.opened.domain.countCancellations('TTN-000002')).toBe(1);
    });
  });

  describe('cancelling a protocol run', () => {
    let slow: TestServer;
    let oracle: ReturnType<typeof serve>;
    beforeAll(async () => {
      // Each model call takes a second, so the run is still going when the cancel arrives.
      const url = await new Promise<string>((resolve) => {
        oracle = serve({ fetch: createOracleApp({ latencyMs: 1000 }).fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}/v1`));
      });
      slow = await openTestServer({ runtimeName, runtime: { endpoint: { model: 'gpt-4.1-mini', baseUrl: url, apiKey: 'test' } } });
    });
    afterAll(async () => {
      await slow.close();
      await new Promise<void>((resolve) => oracle.close(() => resolve()));
    });

    it('stops the run before its next model call and marks it interrupted; a finished run cannot be cancelled', async () => {
      const threadId = ((await (await slow.call('POST', '/threads', { key: slow.keys.operator, body: {} })).json()) as { thread_id: string }).thread_id;
      const started = (await (await slow.call('POST', `/threads/${threadId}/runs`, { key: slow.keys.operator, body: ask('Де зараз посилка TTN-000001?') })).json()) as { run_id: string; status: string };
      expect(started.status).toBe('running');
      await vi.waitFor(async () => expect((await slow.protocol.listEvents(started.run_id, 0, 100)).some((e) => e.event === 'custom')).toBe(true));
      expect((await slow.call('POST', `/threads/${threadId}/runs/${started.run_id}/cancel?wait=1`, { key: slow.keys.viewer })).status).toBe(403);
      expect((await slow.call('POST', `/threads/${threadId}/runs/${started.run_id}/cancel?wait=1`, { key: slow.keys.operator })).status).toBe(202);
      const run = (await (await slow.call('GET', `/threads/${threadId}/runs/${started.run_id}`, { key: slow.keys.viewer })).json()) as { status: string; metadata: { waybill_run_id: string } };
      expect(run.status).toBe('interrupted');
      expect(await slow.opened.runs.getRun(run.metadata.waybill_run_id)).toMatchObject({ stop_reason: 'operator_kill', tool_calls: [] });
      expect((await slow.call('POST', `/threads/${threadId}/runs/${started.run_id}/cancel`, { key: slow.keys.operator })).status).toBe(409);
      expect((await (await slow.call('GET', `/threads/${threadId}`, { key: slow.keys.viewer })).json()) as { status: string }).toMatchObject({ status: 'idle' });
    });
  });
});
