import { describe, expect, it } from 'vitest';
import { storeBackends } from '../../testing/store-backends.js';
import { cancelRequest } from '../../testing/cancel-request.js';
import { loadAuditKeyring } from '../audit/audit-keyring.js';
import type { Shipment } from '../entities.js';
import { openDomainStore } from './open-domain-store.js';

const auditKeys = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'shipments across backends' } });
const ids = Array.from({ length: 20 }, (_, i) => `TTN-${String(i + 1).padStart(6, '0')}`);

/** Every seeded shipment as the store reads it, after one cancellation with a fixed clock and ids. */
async function shipmentsOn(location: string): Promise<Array<Shipment | undefined>> {
  let n = 0;
  const store = await openDomainStore({ path: location, now: () => new Date('2026-12-04T12:00:00.000Z'), newId: () => `id${(n += 1)}`, auditKeys });
  try {
    const outcome = await store.cancelShipment({ ...cancelRequest({ trackingId: 'TTN-000012', refundUah: 300 }), grant: { requestedBy: 'test', args: {}, autoApproveUpToUah: 500 } });
    expect(outcome.kind).toBe('created');
    return await Promise.all(ids.map((id) => store.getShipment(id)));
  } finally {
    await store.close();
  }
}

// PostgreSQL reads a shipment, its history and its cancellation in one statement (as JSON); SQLite row
// by row. Both must give the same objects, field for field and type for type.
describe('a shipment read on every backend', { timeout: 60_000 }, () => {
  it(`is the same object (${storeBackends().map((b) => b.name).join(', ')})`, async () => {
    const read: Array<Array<Shipment | undefined>> = [];
    for (const backend of storeBackends()) {
      const db = await backend.fresh();
      try {
        read.push(await shipmentsOn(db.location));
      } finally {
        await db.cleanup();
      }
    }
    const [first, ...others] = read;
    expect(first?.filter((s) => s?.cancellation).map((s) => s?.trackingId)).toContain('TTN-000012');
    expect(first?.some((s) => s?.delayReason !== undefined)).toBe(true);
    for (const other of others) expect(other).toEqual(first);
  });
});
