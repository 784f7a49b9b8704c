import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeName } from '../runtimes/index.js';
import { openRuntime } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { PendingApproval } from './list-pending-approvals.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer, SERVED_RUNTIMES } from './server-test-kit.js';

const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';
// ADK has no cancellation and never pauses (docs/runtimes.md); its case is the last describe.
const PAUSING = SERVED_RUNTIMES.filter((name) => name !== 'adk');
const listApprovals = async (server: TestServer, key: string) => ((await (await server.call('GET', '/v1/approvals', { key })).json()) as { approvals: PendingApproval[] }).approvals;

describe.each(PAUSING)('approvals on the %s runtime', (runtimeName: RuntimeName) => {
  let server: TestServer;
  let paused: RunRecord;
  beforeEach(async () => {
    server = await openTestServer({ runtimeName });
    paused = (await (await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: CANCEL } })).json()) as RunRecord;
  });
  afterEach(async () => {
    await server.close();
  });

  const approvals = (key: string) => listApprovals(server, key);
  const decidedEvents = async () => {
    const { runs } = await server.opened.runs.listRuns({});
    const events = await Promise.all(runs.map((r) => server.opened.runs.listEvents(r.run_id)));
    return events.flat().filter((e) => e.type === 'approval.decided');
  };

  describe('approvals', () => {
    it('lists the pending cancellation with its exact arguments, to its own tenant only', async () => {
      expect(paused).toMatchObject({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } });
      expect(await approvals(server.keys.viewer)).toEqual([
        expect.objectContaining({ id: paused.run_id, thread_id: paused.thread_id, agent: 'tracking_agent', tool: 'cancel_shipment', args: expect.objectContaining({ tracking_id: 'TTN-000004', refund_uah: 720 }), runtime: runtimeName, decisions: runtimeName === 'openai-agents' ? ['approve', 'reject'] : ['approve', 'edit', 'reject'] }),
      ]);
      expect(await approvals(server.keys.globex)).toEqual([]);
    });

    it('approves once: the refund is made, the queue empties, and the decision is journaled with who decided', async () => {
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(res.status).toBe(200);
      const resumed = (await res.json()) as RunRecord;
      expect(resumed).toMatchObject({ status: 'finished', thread_id: paused.thread_id, approval: { decision: 'approve', by: expect.stringContaining('acme-operator') } });
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
      expect(await approvals(server.keys.operator)).toEqual([]);
      const again = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: { code: 'already_decided' } });
    });

    it('lets exactly one of two concurrent decisions win: one 200, one 409, one journal entry', async () => {
      const [first, second] = await Promise.all([
        server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } }),
        server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.admin, body: { decision: 'approve' } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect(await decidedEvents()).toHaveLength(1);
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
    });

    it('hides another tenant’s approval: deciding it is 404 and changes nothing', async () => {
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.globex, body: { decision: 'approve' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found', message: `no approval ${paused.run_id}` } });
      expect(await decidedEvents()).toHaveLength(0);
      expect((await server.opened.state(paused.thread_id)).status).toBe('awaiting_approval');
    });

    it('forbids a viewer to decide (403) and leaves the run paused', async () => {
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.viewer, body: { decision: 'approve' } });
      expect(res.status).toBe(403);
      expect(await approvals(server.keys.viewer)).toHaveLength(1);
    });

    it('applies an edit with a smaller refund, and refuses an invalid edit with 422 keeping the run paused; OpenAI Agents refuses any edit by name', async () => {
      const bad = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'edit', args: { tracking_id: 'TTN-000004', reason: 'x', refund_uah: 9000 } } });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({ error: { code: 'invalid_edit', ...(runtimeName === 'langgraph' && { fields: ['reason', 'refund_uah'] }) } });
      expect(await approvals(server.keys.operator)).toHaveLength(1);
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'edit', args: { tracking_id: 'TTN-000004', reason: 'частково', refund_uah: 500 } } });
      if (runtimeName === 'openai-agents') {
        // The SDK approves or rejects the exact call the model made: no edit, and the pause stays decidable.
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ error: { code: 'invalid_edit', message: expect.stringContaining('edit is not supported') } });
        expect(await approvals(server.keys.operator)).toHaveLength(1);
        expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
        return;
      }
      expect(res.status).toBe(200);
      expect((await server.opened.domain.getShipment('TTN-000004'))?.cancellation?.refundUah).toBe(500);
    });

    it('rejects with a reason: nothing is cancelled and the run ends approval_rejected', async () => {
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'reject', reason: 'клієнт передумав' } });
      expect(await res.json()).toMatchObject({ stop_reason: 'approval_rejected', approval: { reason: 'клієнт передумав' } });
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
    });

    it.each([
      [{ decision: 'reject' }, 'reason'],
      [{ decision: 'edit' }, 'args'],
      [{ decision: 'approve', args: { refund_uah: 1 } }, 'args'],
      [{ decision: 'maybe' }, 'decision'],
      [{ decision: 'approve', by: 'someone else' }, 'by'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(field);
    });

    it('answers 404 for a run that is not an approval', async () => {
      const finished = (await (await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } })).json()) as RunRecord;
      const res = await server.call('POST', `/v1/approvals/${finished.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(res.status).toBe(404);
    });
  });

  describe('approvals filed at the boundary for paused runs', () => {
    it('lists the paused run once, with its approval id and where each argument came from', async () => {
      const listed = await approvals(server.keys.viewer);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: paused.run_id, approval_id: paused.pending?.approval_id, origins: { tracking_id: 'user_request', refund_uah: 'user_request' } });
      expect(listed[0]?.approval_id).toMatch(/^apr_/);
      expect(listed[0]?.third_party_target).toBeUndefined();
    });

    it('decides a paused run by its approval id: the run resumes, cancels once on the grant, and the grant is used', async () => {
      const id = paused.pending?.approval_id ?? '';
      const res = await server.call('POST', `/v1/approvals/${id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'finished', thread_id: paused.thread_id });
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
      const approval = await server.opened.domain.approvals.get(id, 'acme');
      expect(approval).toMatchObject({ status: 'approved', decision: { kind: 'approve' } });
      expect(approval?.grant?.consumedBy).toMatch(/^CNL-/);
      const again = await server.call('POST', `/v1/approvals/${id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(again.status).toBe(409);
      const stranger = await server.call('POST', `/v1/approvals/${id}`, { key: server.keys.globex, body: { decision: 'reject', reason: 'not mine' } });
      expect(stranger.status).toBe(404);
    });
  });

  describe('a thread that awaits approval', () => {
    it('takes no new message: 409 naming the approval, and the pause stays decidable', async () => {
      const res = await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: 'Де зараз посилка TTN-000001?', thread_id: paused.thread_id } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { code: 'thread_busy', message: expect.stringContaining(paused.pending?.approval_id ?? 'apr_') } });
      expect(await approvals(server.keys.operator)).toHaveLength(1);
    });
  });
});

describe('approvals on the adk runtime', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('has none to give: a cancellation request finishes saying the tool is not here, nothing is cancelled or listed, and deciding is 404', async () => {
    server = await openTestServer({ runtimeName: 'adk' });
    const res = await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: CANCEL } });
    expect(res.status).toBe(200);
    const record = (await res.json()) as RunRecord;
    expect(record).toMatchObject({ runtime: 'adk', status: 'finished' });
    expect(record.pending).toBeUndefined();
    expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
    expect(await listApprovals(server, server.keys.viewer)).toEqual([]);
    const decided = await server.call('POST', `/v1/approvals/${record.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } });
    expect(decided.status).toBe(404);
    expect(await decided.json()).toMatchObject({ error: { code: 'not_found', message: `no approval ${record.run_id}` } });
  });
});

describe('a run another runtime paused', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  it('is listed with its runtime, and deciding it is 409 runtime_mismatch naming the way; the runtime that paused it decides it', async () => {
    server = await openTestServer({ runtimeName: 'openai-agents' });
    // A `waybill ask` on the default runtime, on the same database as the server.
    const cli = await openRuntime('langgraph', { dbPath: server.dbPath, offline: true });
    try {
      const paused = await cli.ask({ input: CANCEL, tenant: 'acme' });
      expect(paused).toMatchObject({ runtime: 'langgraph', status: 'awaiting_approval' });
      expect(await listApprovals(server, server.keys.viewer)).toEqual([expect.objectContaining({ id: paused.run_id, runtime: 'langgraph', tool: 'cancel_shipment' })]);
      const res = await server.call('POST', `/v1/approvals/${paused.run_id}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { code: 'runtime_mismatch', message: expect.stringContaining(`waybill approve|reject --thread ${paused.thread_id}`) } });
      const byApprovalId = await server.call('POST', `/v1/approvals/${paused.pending?.approval_id ?? ''}`, { key: server.keys.operator, body: { decision: 'approve' } });
      expect(byApprovalId.status).toBe(409);
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(0);
      expect(await cli.decide(paused.thread_id, { type: 'approve', by: 'cli' })).toMatchObject({ runtime: 'langgraph', status: 'finished' });
      expect(await server.opened.domain.countCancellations('TTN-000004')).toBe(1);
      expect(await listApprovals(server, server.keys.viewer)).toEqual([]);
    } finally {
      await cli.close();
    }
  });
});
