import { expect, it } from 'vitest';
import { CANCEL_NOW, cancelRequest } from '../../testing/cancel-request.js';
import { argsHash } from '../args-hash.js';
import { storeConformance } from '../../testing/store-conformance.js';
import type { ApprovalRequest } from '../approvals/approval-store.js';
import type { CancelRequest } from './domain-store.js';
import { openDomainStore } from './open-domain-store.js';
import type { SqliteDomainStoreOptions } from './sqlite-domain-store.js';

const NOW = CANCEL_NOW;

function grantFor(request: CancelRequest, approvalId?: string): NonNullable<CancelRequest['grant']> {
  return { requestedBy: 'test', args: { tracking_id: request.trackingId, reason: request.reason, refund_uah: request.refundUah }, ...(approvalId && { approvalId }) };
}

/**
 * The DomainStore contract (with its ApprovalStore and AuditChain) on every backend. Every test
 * opens a fresh database; `open()` gives another independent connection to it, as another process
 * would have.
 */
storeConformance('DomainStore', (location: string, options: SqliteDomainStoreOptions = {}) => openDomainStore({ path: location, now: () => new Date(NOW), ...options }), ({ open, backend, exec }) => {
  it('creates and seeds the fixtures on first use, and reopens without seeding twice', async () => {
    const store = await open();
    expect(store.backend).toBe(backend.name);
    expect((await store.getShipment('TTN-000001'))?.status).toBe('in_transit');
    const delayed = await store.getShipment('TTN-000005');
    expect(delayed?.delayReason).toMatch(/Снігопад/);
    expect(delayed?.history.at(-1)?.note).toMatch(/Затримка/);
    expect((await store.getShipment('TTN-000006'))?.cancellation?.refundUah).toBe(150);
    expect(await store.distanceKm('Одеса', 'Харків')).toBe(700);
    expect(await store.distanceKm('Харків', 'Одеса')).toBe(700);
    expect(await store.listWarehouses()).toHaveLength(5);
    expect((await store.listStock('SKU-1002')).map((l) => l.city)).toEqual(['Київ']);
    expect((await store.getTariff('overnight'))?.maxWeightKg).toBe(10);
    expect(await store.getProduct('SKU-9999')).toBeUndefined();
    const again = await open();
    expect(await again.countCancellations()).toBe(1);
    expect(await again.listWarehouses()).toEqual(await store.listWarehouses());
  });

  it("answers another tenant's shipment exactly like an unknown one", async () => {
    const store = await open();
    expect((await store.getShipment('TTN-000015'))?.tenant).toBe('globex');
    expect(await store.getShipment('TTN-000015', 'default')).toBeUndefined();
    expect(await store.cancelShipment(cancelRequest({ trackingId: 'TTN-000015', refundUah: 100, tenant: 'default' }))).toEqual({ kind: 'not_found' });
    expect(await store.cancelShipment(cancelRequest({ trackingId: 'TTN-999999' }))).toEqual({ kind: 'not_found' });
  });

  it("lists only the tenant's own tracking ids by prefix, in order and capped", async () => {
    const store = await open();
    expect(await store.listTrackingIds('globex', 'TTN-', 10)).toEqual(['TTN-000015', 'TTN-000016']);
    expect(await store.listTrackingIds('default', 'TTN-00001', 10)).toEqual(['TTN-000010', 'TTN-000011', 'TTN-000012', 'TTN-000013', 'TTN-000014']);
    expect(await store.listTrackingIds('default', '', 3)).toEqual(['TTN-000001', 'TTN-000002', 'TTN-000003']);
    expect(await store.listTrackingIds('default', 'TTN-000015', 10)).toEqual([]);
    expect(await store.listTrackingIds('default', '%', 10)).toEqual([]);
  });

  it('cancels once, replays the same key, refuses another use of the key and every rule that depends on state', async () => {
    const store = await open();
    const first = await store.cancelShipment(cancelRequest());
    expect(first.kind).toBe('created');
    const shipment = await store.getShipment('TTN-000004');
    expect(shipment?.status).toBe('cancelled');
    expect(shipment?.history.at(-1)?.status).toBe('cancelled');
    expect(await store.cancelShipment(cancelRequest())).toEqual({ kind: 'replayed', cancellation: (first as { cancellation: unknown }).cancellation });
    expect((await store.cancelShipment(cancelRequest({ reason: 'інша', argsHash: 'other' }))).kind).toBe('key_conflict');
    expect(await store.cancelShipment(cancelRequest({ idempotencyKey: 'fresh' }))).toEqual({ kind: 'not_cancellable', status: 'cancelled' });
    expect(await store.cancelShipment(cancelRequest({ trackingId: 'TTN-000012', refundUah: 1_000_000 }))).toMatchObject({ kind: 'refund_exceeds_paid' });
    expect(await store.cancelShipment(cancelRequest({ trackingId: 'TTN-000015', refundUah: 100, idempotencyKey: 'key-TTN-000004' }))).toEqual({ kind: 'key_taken' });
    expect(await store.countCancellations('TTN-000004')).toBe(1);
  });

  it('refunds once when many callers on two connections cancel with one idempotency key at the same time', async () => {
    const a = await open();
    const b = await open();
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).cancelShipment(cancelRequest({ idempotencyKey: 'one-key' }))));
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toHaveLength(7);
    expect(await a.countCancellations('TTN-000004')).toBe(1);
    expect(await b.countCancellations()).toBe(2);
  });

  it('numbers concurrent cancellations of different shipments without a gap or a clash', async () => {
    const a = await open();
    const b = await open();
    const ids = ['TTN-000001', 'TTN-000002', 'TTN-000004', 'TTN-000005'];
    const outcomes = await Promise.all(ids.map((trackingId, i) => (i % 2 === 0 ? a : b).cancelShipment(cancelRequest({ trackingId, refundUah: 1 }))));
    expect(outcomes.map((o) => o.kind)).toEqual(['created', 'created', 'created', 'created']);
    const numbers = outcomes.map((o) => (o.kind === 'created' ? o.cancellation.cancellationId : '')).sort();
    expect(numbers).toEqual(['CNL-000002', 'CNL-000003', 'CNL-000004', 'CNL-000005']);
  });

  it('files one approval for a repeated call, runs the write only on its single-use grant, and chains every step', async () => {
    const store = await open();
    const request = cancelRequest();
    const asked = await store.cancelShipment({ ...request, grant: grantFor(request) });
    expect(asked.kind).toBe('approval_required');
    const approval = (asked as { approval: ApprovalRequest }).approval;
    const repeated = await store.cancelShipment({ ...request, grant: grantFor(request) });
    expect((repeated as { approval: ApprovalRequest }).approval.approvalId).toBe(approval.approvalId);
    expect(await store.cancelShipment({ ...request, grant: grantFor(request, approval.approvalId) })).toMatchObject({ kind: 'grant_refused', refusal: 'pending' });
    const decided = await store.approvals.decide({ approvalId: approval.approvalId, kind: 'approve', decidedBy: 'operator' });
    expect(decided.kind).toBe('decided');
    const other = cancelRequest({ refundUah: 700, idempotencyKey: 'other' });
    expect(await store.cancelShipment({ ...other, grant: grantFor(other, approval.approvalId) })).toMatchObject({ kind: 'grant_refused', refusal: 'other_arguments' });
    const done = await store.cancelShipment({ ...request, grant: grantFor(request, approval.approvalId) });
    expect(done.kind).toBe('created');
    // The identical retry (a caller that died before reading the answer) replays; nothing runs twice.
    expect(await store.cancelShipment({ ...request, grant: grantFor(request, approval.approvalId) })).toEqual({ kind: 'replayed', cancellation: (done as { cancellation: unknown }).cancellation });
    const reused = cancelRequest({ idempotencyKey: 'again' });
    expect(await store.cancelShipment({ ...reused, grant: grantFor(reused, approval.approvalId) })).toMatchObject({ kind: 'grant_refused', refusal: 'used' });
    const stored = await store.approvals.get(approval.approvalId);
    expect(stored?.grant?.consumedBy).toBe((done as { cancellation: { cancellationId: string } }).cancellation.cancellationId);
    expect(await store.approvals.get(approval.approvalId, 'globex')).toBeUndefined();
    expect((await store.approvals.list({ status: 'approved' })).map((a) => a.approvalId)).toEqual([approval.approvalId]);
    const chain = await store.audit.list({ subject: approval.approvalId });
    expect(chain.map((e) => e.type)).toEqual(['approval.requested', 'approval.decided', 'grant.issued', 'grant.consumed']);
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 4 });
  });

  it('refuses an edit the cancellation would refuse (more than was paid, another shipment, a fraction of a kopeck) and leaves the approval pending', async () => {
    const store = await open();
    const request = cancelRequest();
    const asked = await store.cancelShipment({ ...request, grant: grantFor(request) });
    const { approvalId } = (asked as { approval: ApprovalRequest }).approval;
    const edit = (refund: number, trackingId = 'TTN-000004') => {
      const args = { tracking_id: trackingId, reason: 'частково', refund_uah: refund };
      return store.approvals.decide({ approvalId, kind: 'edit', decidedBy: 'op', args, argsHash: argsHash(args) });
    };
    expect(await edit(900)).toEqual({ kind: 'invalid_edit', problems: ['refund_uah: 900 UAH exceeds the 720 UAH paid for TTN-000004'] });
    expect(await edit(100, 'TTN-000006')).toMatchObject({ kind: 'invalid_edit', problems: [expect.stringMatching(/^tracking_id: .*not the shipment/)] });
    expect(await edit(1e-9)).toMatchObject({ kind: 'invalid_edit', problems: [expect.stringMatching(/^refund_uah: .*kopecks/)] });
    expect((await store.approvals.get(approvalId))?.status).toBe('pending');
    expect(await edit(500)).toMatchObject({ kind: 'decided', approval: { status: 'approved', decision: { args: { refund_uah: 500 } } } });
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 3 });
  });

  it('approves automatically up to the threshold, recorded like a human decision', async () => {
    const store = await open();
    const request = cancelRequest({ trackingId: 'TTN-000012', refundUah: 300 });
    const outcome = await store.cancelShipment({ ...request, grant: { ...grantFor(request), autoApproveUpToUah: 500 } });
    expect(outcome.kind).toBe('created');
    const [approval] = await store.approvals.list();
    expect(approval?.decision?.kind).toBe('auto');
    expect(approval?.grant?.consumedAt).toBe(NOW);
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 4 });
  });

  it('lets exactly one of two connections decide one approval at the same time', async () => {
    const a = await open();
    const b = await open();
    const approval = await a.approvals.request({ tenant: 'default', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004' }, argsHash: 'h', requestedBy: 'test' });
    const outcomes = await Promise.all([
      a.approvals.decide({ approvalId: approval.approvalId, kind: 'approve', decidedBy: 'ann' }),
      b.approvals.decide({ approvalId: approval.approvalId, kind: 'reject', decidedBy: 'bob' }),
      a.approvals.decide({ approvalId: approval.approvalId, kind: 'reject', decidedBy: 'cy' }),
      b.approvals.decide({ approvalId: approval.approvalId, kind: 'approve', decidedBy: 'dee' }),
    ]);
    expect(outcomes.filter((o) => o.kind === 'decided')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'already_decided')).toHaveLength(3);
    const winner = outcomes.find((o) => o.kind === 'decided');
    const stored = await b.approvals.get(approval.approvalId);
    expect(stored?.decision?.decidedBy).toBe(winner?.kind === 'decided' ? winner.approval.decision?.decidedBy : 'none');
    expect((await a.audit.list({ type: 'approval.decided' }))).toHaveLength(1);
    expect(await b.audit.verify()).toMatchObject({ ok: true });
  });

  it('gives concurrent identical requests one approval id', async () => {
    const a = await open();
    const b = await open();
    const input = { tenant: 'default', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000001' }, argsHash: 'same', requestedBy: 'test' };
    const filed = await Promise.all([a, b, a, b].map((s) => s.approvals.request(input)));
    expect(new Set(filed.map((f) => f.approvalId)).size).toBe(1);
  });

  it('refuses an expired request and an expired grant', async () => {
    let now = new Date(NOW);
    const store = await open({ now: () => now, lifetimes: { requestTtlMs: 60_000, grantTtlMs: 60_000 } });
    const stale = await store.approvals.request({ tenant: 'default', tool: 'cancel_shipment', args: {}, argsHash: 'x', requestedBy: 't' });
    now = new Date(now.getTime() + 120_000);
    expect((await store.approvals.decide({ approvalId: stale.approvalId, kind: 'approve', decidedBy: 'o' })).kind).toBe('expired');
    const request = cancelRequest({ cancelledAt: now.toISOString() });
    const asked = (await store.cancelShipment({ ...request, grant: grantFor(request) })) as { approval: ApprovalRequest };
    await store.approvals.decide({ approvalId: asked.approval.approvalId, kind: 'approve', decidedBy: 'o' });
    const late = { ...request, cancelledAt: new Date(now.getTime() + 120_000).toISOString() };
    expect(await store.cancelShipment({ ...late, grant: grantFor(late, asked.approval.approvalId) })).toMatchObject({ kind: 'grant_refused', refusal: 'expired' });
  });

  it('finds a grant widened in the database: refused at use, and named by verify', async () => {
    const store = await open();
    const request = cancelRequest();
    const asked = (await store.cancelShipment({ ...request, grant: grantFor(request) })) as { approval: ApprovalRequest };
    await store.approvals.decide({ approvalId: asked.approval.approvalId, kind: 'approve', decidedBy: 'o' });
    await exec("UPDATE grants SET expires_at = '2099-01-01T00:00:00.000Z'");
    expect(await store.cancelShipment({ ...request, grant: grantFor(request, asked.approval.approvalId) })).toMatchObject({ kind: 'grant_refused', refusal: 'tampered' });
    expect(await store.audit.verify()).toMatchObject({ ok: false, problem: 'altered' });
  });

  it('finds an edited and a removed chain entry', async () => {
    const store = await open();
    for (const subject of ['a', 'b', 'c']) await store.audit.append({ type: 'tool.call', tenant: 'default', at: NOW, subject, body: { n: subject } });
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 3, head: (await store.audit.list()).at(-1)?.hash });
    await exec(`UPDATE audit_chain SET body = '{"n":"x"}' WHERE seq = 2`);
    expect(await store.audit.verify()).toMatchObject({ ok: false, seq: 2, problem: 'altered' });
    await exec(`UPDATE audit_chain SET body = '{"n":"b"}' WHERE seq = 2`);
    await exec('DELETE FROM audit_chain WHERE seq = 3');
    expect(await store.audit.verify()).toMatchObject({ ok: false, seq: 3, problem: 'removed' });
  });
});
