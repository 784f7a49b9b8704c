import { describe, expect, it } from 'vitest';
import { storeBackends } from '../../testing/store-backends.js';
import { cancelRequest } from '../../testing/cancel-request.js';
import { openDomainStore } from '../store/open-domain-store.js';
import { loadAuditKeyring } from './audit-keyring.js';
import type { BoundaryEvent } from './audit-chain.js';

const auditKeys = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'two stores, one chain' } });
const event = (n: number): BoundaryEvent => ({ type: 'tool.call', tenant: 'default', at: '2026-12-04T12:00:00.000Z', subject: 'track_shipment', body: { n } });

// A PostgreSQL store appends from the head it last wrote, checked by the statement that moves it
// (postgres-audit-chain.ts): another store moving the head in between must send it back to the locked
// path, never fork the chain or lose the entry.
describe.each(storeBackends())('audit appends from two stores on one $name database', (backend) => {
  it('keep one verified chain, in turn, around an effect and at once', { timeout: 60_000 }, async () => {
    const db = await backend.fresh();
    const a = await openDomainStore({ path: db.location, auditKeys });
    const b = await openDomainStore({ path: db.location, auditKeys });
    try {
      // In turn: each append of `a` after the first starts from a head `b` has moved since.
      for (let n = 1; n <= 6; n += 1) await (n % 2 === 1 ? a : b).audit.append(event(n));
      await a.audit.append(event(7));
      // An effect's own append (inside its transaction) moves the head too.
      const asked = await b.cancelShipment({ ...cancelRequest(), grant: { requestedBy: 'test', args: {} } });
      expect(asked.kind).toBe('approval_required');
      await a.audit.append(event(8));
      // At once, from both.
      const together = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).audit.append(event(100 + i))));
      expect(new Set(together.map((e) => e.seq)).size).toBe(12);

      const verdict = await a.audit.verify();
      expect(verdict.ok, verdict.ok ? '' : verdict.detail).toBe(true);
      const chain = await a.audit.list();
      expect(chain.map((e) => e.seq)).toEqual(Array.from({ length: chain.length }, (_, i) => i + 1));
      const bodies = chain.filter((e) => e.type === 'tool.call').map((e) => (e.body as { n: number }).n);
      expect(bodies.slice(0, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect([...bodies.slice(8)].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i));
      expect((await b.audit.head()).count).toBe(chain.length);
    } finally {
      await a.close();
      await b.close();
      await db.cleanup();
    }
  });
});
