import { describe, expect, it } from 'vitest';
import { storeBackends } from '../../testing/store-backends.js';
import type { DomainStore } from '../store/domain-store.js';
import { openDomainStore } from '../store/open-domain-store.js';
import { cancelRequest } from '../../testing/cancel-request.js';
import { loadAuditKeyring } from './audit-keyring.js';

/** One scripted history of approvals, grants and cancellations, with a fixed clock and ids. */
async function script(store: DomainStore): Promise<void> {
  const request = cancelRequest();
  const grant = { requestedBy: 'test', args: { tracking_id: request.trackingId, reason: request.reason, refund_uah: request.refundUah } };
  const asked = await store.cancelShipment({ ...request, grant });
  if (asked.kind !== 'approval_required') throw new Error(`expected approval_required, got ${asked.kind}`);
  await store.approvals.decide({ approvalId: asked.approval.approvalId, kind: 'approve', decidedBy: 'operator', reason: 'ok' });
  await store.cancelShipment({ ...request, grant: { ...grant, approvalId: asked.approval.approvalId } });
  const auto = cancelRequest({ trackingId: 'TTN-000012', refundUah: 300 });
  await store.cancelShipment({ ...auto, grant: { requestedBy: 'test', args: {}, autoApproveUpToUah: 500 } });
  await store.audit.append({ type: 'tool.call', tenant: 'default', at: '2026-11-30T12:00:00.000Z', subject: 'track_shipment', body: { ok: true, n: 1.5 } });
}

// SQLite twice (the chain is reproducible at all), then PostgreSQL when the suite has it.
const [sqlite, ...others] = storeBackends();
const backends = sqlite ? [sqlite, sqlite, ...others] : [];

// One key for every backend: the same history under the same key is the same chain.
const auditKeys = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'the same key for every backend' } });

describe('the audit chain across backends', { timeout: 60_000 }, () => {
  it(`is hash for hash the same for the same history (${backends.map((b) => b.name).join(', ')})`, async () => {
    const heads: string[] = [];
    const chains: unknown[] = [];
    for (const backend of backends) {
      const db = await backend.fresh();
      let n = 0;
      const store = await openDomainStore({ path: db.location, now: () => new Date('2026-11-30T12:00:00.000Z'), newId: () => `id${(n += 1)}`, auditKeys });
      try {
        await script(store);
        const verdict = await store.audit.verify();
        if (!verdict.ok) throw new Error(`${backend.name}: ${verdict.detail}`);
        heads.push(verdict.head);
        chains.push(await store.audit.list());
      } finally {
        await store.close();
        await db.cleanup();
      }
    }
    expect(chains[0]).toHaveLength(9);
    for (const chain of chains.slice(1)) expect(chain).toEqual(chains[0]);
    expect(new Set(heads).size).toBe(1);
  });
});
