import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../domain/index.js';
import { decideApproval, SqliteDomainStore } from '../domain/index.js';
import { connectInMemory } from './connect-in-memory.js';

let clock: Date;
let store: SqliteDomainStore;
let client: Client;
let close: () => Promise<void>;
const now = () => new Date(clock);
const caller: Caller = { tenant: 'default', role: 'operator', principal: 'key_test', channel: 'stdio' };

beforeEach(async () => {
  clock = new Date('2026-11-30T12:00:00.000Z');
  let n = 0;
  store = SqliteDomainStore.open(':memory:', { now, newId: () => `t${(n += 1)}` });
  ({ client, close } = await connectInMemory({ store, now, caller, approvals: { grants: 'required' } }));
});
afterEach(async () => {
  await close();
  await store.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: Record<string, unknown> }> {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, body: result.structuredContent as Record<string, unknown> };
}

const cancel720 = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };

describe('cancel_shipment at the boundary', () => {
  it('without a grant changes nothing and answers approval_required with how to decide it', async () => {
    const first = await call('cancel_shipment', cancel720);
    expect(first.isError).toBe(true);
    expect(first.body).toMatchObject({
      status: 'approval_required',
      approval_id: 'apr_t1',
      tool: 'cancel_shipment',
      args: cancel720,
      decide: { cli: 'waybill approve --approval apr_t1' },
    });
    expect(String(first.body.next)).toContain('"approval_id": "apr_t1"');
    expect(await store.countCancellations('TTN-000004')).toBe(0);
    // Asking again for the same call gives the same approval, not a new one per attempt.
    expect((await call('cancel_shipment', { ...cancel720, tracking_id: 'ttn-000004' })).body.approval_id).toBe('apr_t1');
    expect((await call('cancel_shipment', { ...cancel720, approval_id: 'apr_t1' })).body).toMatchObject({ status: 'approval_required', approval_id: 'apr_t1' });
    expect(await store.countCancellations()).toBe(1); // the fixture's TTN-000006 only
  });

  it('runs exactly once with the approval id after approval; the identical retry replays and another use of the grant is refused', async () => {
    const asked = await call('cancel_shipment', cancel720);
    const id = String(asked.body.approval_id);
    expect(await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'cli:local' })).toMatchObject({ kind: 'decided', approval: { status: 'approved' } });
    const done = await call('cancel_shipment', { ...cancel720, approval_id: id });
    expect(done).toMatchObject({ isError: false, body: { status: 'ok', shipment_status: 'cancelled', refund_uah: 720, replayed: false } });
    // The identical retry replays what ran (a client that lost the answer learns it ran once).
    expect(await call('cancel_shipment', { ...cancel720, approval_id: id })).toMatchObject({ isError: false, body: { status: 'ok', cancellation_id: 'CNL-000002', replayed: true } });
    const again = await call('cancel_shipment', { ...cancel720, idempotency_key: 'another-key', approval_id: id });
    expect(again.isError).toBe(true);
    expect((again.body.problems as string[])[0]).toMatch(/^approval_id: apr_t1 was already used \(CNL-000002\)/);
    const reusedElsewhere = await call('cancel_shipment', { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100, approval_id: id });
    expect(reusedElsewhere.isError).toBe(true);
    expect(await store.countCancellations('TTN-000004')).toBe(1);
    expect(await store.countCancellations('TTN-000012')).toBe(0);
    const approval = await store.approvals.get(id);
    expect(approval?.grant).toMatchObject({ consumedBy: 'CNL-000002' });
  });

  it('a grant for 500 UAH serves neither 720 UAH nor another shipment', async () => {
    const cancel500 = { ...cancel720, refund_uah: 500 };
    const id = String((await call('cancel_shipment', cancel500)).body.approval_id);
    await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'cli:local' });
    const more = await call('cancel_shipment', { ...cancel720, approval_id: id });
    expect((more.body.problems as string[])[0]).toMatch(/^approval_id: apr_t1 approved .*"refund_uah":500.*not these arguments/);
    const other = await call('cancel_shipment', { tracking_id: 'TTN-000012', reason: cancel720.reason, refund_uah: 500, approval_id: id });
    expect(other.body.status).toBe('error');
    expect(await store.countCancellations()).toBe(1);
    // The grant is still good for exactly what was approved.
    expect((await call('cancel_shipment', { ...cancel500, approval_id: id })).body).toMatchObject({ status: 'ok', refund_uah: 500 });
  });

  it('an edit approves the edited arguments only', async () => {
    const id = String((await call('cancel_shipment', cancel720)).body.approval_id);
    expect(await decideApproval(store, { approvalId: id, decision: 'edit', decidedBy: 'cli:local', args: { refund_uah: 500 } })).toMatchObject({ kind: 'decided' });
    expect((await call('cancel_shipment', { ...cancel720, approval_id: id })).body.status).toBe('error');
    expect((await call('cancel_shipment', { ...cancel720, refund_uah: 500, approval_id: id })).body).toMatchObject({ status: 'ok', refund_uah: 500 });
  });

  it('a grant expires, and a rejected approval grants nothing', async () => {
    const id = String((await call('cancel_shipment', cancel720)).body.approval_id);
    await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'cli:local' });
    clock = new Date(clock.getTime() + 3600_000 + 1);
    const late = await call('cancel_shipment', { ...cancel720, approval_id: id });
    expect((late.body.problems as string[])[0]).toMatch(/^approval_id: the grant of apr_t1 expired at 2026-11-30T13:00:00.000Z/);

    const asked = await call('cancel_shipment', { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100 });
    const rejected = String(asked.body.approval_id);
    await decideApproval(store, { approvalId: rejected, decision: 'reject', decidedBy: 'cli:local', reason: 'too early' });
    const refused = await call('cancel_shipment', { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100, approval_id: rejected });
    expect((refused.body.problems as string[])[0]).toMatch(/was rejected \(too early\)/);
    expect(await store.countCancellations()).toBe(1);
  });

  it('records one decision: a second one is refused', async () => {
    const id = String((await call('cancel_shipment', cancel720)).body.approval_id);
    const decisions = await Promise.all([
      decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'a' }),
      decideApproval(store, { approvalId: id, decision: 'reject', decidedBy: 'b' }),
    ]);
    expect(decisions.map((d) => d.kind).sort()).toEqual(['already_decided', 'decided']);
  });

  it('approves automatically up to the configured threshold, recorded as decision auto', async () => {
    const auto = await connectInMemory({ store, now, caller, approvals: { grants: 'required', autoApproveUpToUah: 150 } });
    try {
      const result = await auto.client.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100 } });
      expect(result.structuredContent).toMatchObject({ status: 'ok', refund_uah: 100 });
      const [approval] = await store.approvals.list({ status: 'approved' });
      expect(approval?.decision).toMatchObject({ kind: 'auto', decidedBy: 'threshold:150 UAH' });
      const big = await auto.client.callTool({ name: 'cancel_shipment', arguments: cancel720 });
      expect(big.structuredContent).toMatchObject({ status: 'approval_required' });
    } finally {
      await auto.close();
    }
  });
});

describe('tenancy at the boundary', () => {
  it("answers another tenant's shipment exactly like an unknown one, for reads and cancellations", async () => {
    const foreign = await call('track_shipment', { tracking_id: 'TTN-000015' });
    const unknown = await call('track_shipment', { tracking_id: 'TTN-000099' });
    expect(foreign.body).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000015'] });
    expect(unknown.body).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000099'] });
    const cancel = await call('cancel_shipment', { tracking_id: 'TTN-000015', reason: 'чужа', refund_uah: 100 });
    expect(cancel.body).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000015'] });
    expect(await store.approvals.list()).toEqual([]);
  });

  it("lets the owner see its shipment, and refuses another tenant's approval id", async () => {
    const globex = await connectInMemory({ store, now, caller: { ...caller, tenant: 'globex' }, approvals: { grants: 'required' } });
    try {
      const own = await globex.client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000015' } });
      expect(own.structuredContent).toMatchObject({ status: 'ok', tracking_id: 'TTN-000015' });
      const id = String((await call('cancel_shipment', cancel720)).body.approval_id);
      await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'cli:local' });
      expect(await decideApproval(store, { approvalId: id, tenant: 'globex', decision: 'reject', decidedBy: 'x' })).toEqual({ kind: 'not_found' });
      const stolen = await globex.client.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000015', reason: 'Клієнт відмовився', refund_uah: 500, approval_id: id } });
      expect((stolen.structuredContent as { problems: string[] }).problems).toEqual([`approval_id: no approval ${id} for cancel_shipment in this tenant`]);
    } finally {
      await globex.close();
    }
  });
});

describe('cancel_shipment with origins traced by an in-process runtime (issue 34)', () => {
  it('refuses a target or an amount that only third-party text supports, files nothing, and takes user-named ones', async () => {
    await close();
    ({ client, close } = await connectInMemory({ store, now, caller: { ...caller, channel: 'in-process' }, approvals: { grants: 'required' } }));
    const withOrigins = async (origins: Record<string, string>) => {
      const result = await client.callTool({ name: 'cancel_shipment', arguments: cancel720, _meta: { 'waybill/origins': origins } });
      return result.structuredContent as Record<string, unknown>;
    };
    const refused = await withOrigins({ tracking_id: 'user_request', refund_uah: 'third_party' });
    expect(refused).toMatchObject({ status: 'refused', reason: 'policy_deny:cancel_shipment' });
    expect(JSON.stringify(refused.problems)).toMatch(/refund_uah: supported only by third-party text/);
    expect(await withOrigins({ tracking_id: 'third_party', refund_uah: 'tool_result' })).toMatchObject({ status: 'refused' });
    expect(await store.approvals.list()).toHaveLength(0);
    expect(await withOrigins({ tracking_id: 'user_request', refund_uah: 'user_request' })).toMatchObject({ status: 'approval_required' });
  });
});
