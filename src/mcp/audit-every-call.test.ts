import { afterEach, describe, expect, it } from 'vitest';
import type { AuditKeyring, Caller, DomainStore } from '../domain/index.js';
import { argsHash, AuditKeyError, decideApproval, loadAuditKeyring, openDomainStore } from '../domain/index.js';
import { storeBackends } from '../testing/store-backends.js';
import type { TestDatabase } from '../testing/store-backends.js';
import { auditAppendFailures } from './audit-append-failures.js';
import { connectInMemory } from './connect-in-memory.js';

const VIEWER: Caller = { tenant: 'default', role: 'viewer', principal: 'key:viewer', channel: 'http' };
const OPERATOR: Caller = { tenant: 'default', role: 'operator', principal: 'key:operator', channel: 'http' };

/** A keyring that can be made to fail, as a missing or unreadable key file does. */
function breakableKeyring(): AuditKeyring & { broken: boolean } {
  const inner = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'a key for the every-call test' } });
  return {
    broken: false,
    source: inner.source,
    file: inner.file,
    signing() {
      if (this.broken) throw new AuditKeyError('audit key file /nowhere/audit.key cannot be read');
      return inner.signing();
    },
    find: (id) => inner.find(id),
  };
}

function nested(depth: number): unknown {
  let value: unknown = 'Клієнт відмовився';
  for (let i = 0; i < depth; i += 1) value = { reason: value };
  return value;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(backend: ReturnType<typeof storeBackends>[number], keyring: AuditKeyring): Promise<DomainStore> {
  const db: TestDatabase = await backend.fresh();
  const store = await openDomainStore({ path: db.location, auditKeys: keyring });
  cleanups.push(async () => {
    await store.close();
    await db.cleanup();
  });
  return store;
}

async function call(store: DomainStore, caller: Caller, name: string, args: unknown): Promise<Record<string, unknown>> {
  const { client, close } = await connectInMemory({ store, caller, approvals: { grants: 'required' } });
  try {
    return (await client.callTool({ name, arguments: args as Record<string, unknown> })).structuredContent as Record<string, unknown>;
  } finally {
    await close();
  }
}

describe.each(storeBackends())('no call without an audit entry ($name)', { timeout: 60_000 }, (backend) => {
  it('chains a call whose arguments are nested 10,000 and 20,000 levels deep (the recursive canonical JSON overflowed from about 3,000), a viewer refused cancel_shipment included', async () => {
    const store = await open(backend, breakableKeyring());
    const refusedArgs = { tracking_id: 'TTN-000004', refund_uah: 720, reason: nested(10_000) };
    expect(await call(store, VIEWER, 'cancel_shipment', refusedArgs)).toMatchObject({ status: 'refused' });
    const readArgs = { tracking_id: nested(20_000) };
    expect(await call(store, OPERATOR, 'track_shipment', readArgs)).toMatchObject({ status: 'error' });
    const entries = await store.audit.list();
    expect(entries.map((e) => [e.type, e.subject, e.body.status, e.body.role])).toEqual([
      ['tool.call', 'cancel_shipment', 'refused', 'viewer'],
      ['tool.call', 'track_shipment', 'error', 'operator'],
    ]);
    expect(entries[0]?.body.args_hash).toBe(argsHash(refusedArgs));
    expect(entries[1]?.body.args_hash).toBe(argsHash(readArgs));
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 2 });
    expect(await store.countCancellations('TTN-000004')).toBe(0);
  });

  it('fails an irreversible call closed when its entry cannot be written: a named error, nothing cancelled, the grant still unused', async () => {
    const keyring = breakableKeyring();
    const store = await open(backend, keyring);
    const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
    const asked = await call(store, OPERATOR, 'cancel_shipment', args);
    await decideApproval(store, { approvalId: asked.approval_id as string, decision: 'approve', decidedBy: 'test' });
    keyring.broken = true;
    const failed = await call(store, OPERATOR, 'cancel_shipment', { ...args, approval_id: asked.approval_id });
    expect(failed).toMatchObject({ status: 'error' });
    expect((failed.problems as string[])[0]).toMatch(/^audit: the grant\.consumed entry for apr_\S+ could not be written to the audit trail: audit key file \/nowhere\/audit\.key cannot be read; nothing was changed$/);
    expect(await store.countCancellations('TTN-000004')).toBe(0);
    expect((await store.approvals.get(asked.approval_id as string))?.grant?.consumedAt).toBeUndefined();
    // A new irreversible request cannot be filed either: its approval.requested entry is part of it.
    const other = await call(store, OPERATOR, 'cancel_shipment', { ...args, tracking_id: 'TTN-000012', refund_uah: 100 });
    expect((other.problems as string[])[0]).toMatch(/^audit: the approval\.requested entry/);
    expect(await store.approvals.list({ status: 'pending' })).toEqual([]);
    keyring.broken = false;
    expect(await call(store, OPERATOR, 'cancel_shipment', { ...args, approval_id: asked.approval_id })).toMatchObject({ status: 'ok', refund_uah: 720 });
    expect(await store.audit.verify()).toMatchObject({ ok: true });
  });

  it('answers a read whose entry cannot be written, and logs and counts the gap', async () => {
    const keyring = breakableKeyring();
    const store = await open(backend, keyring);
    const counted = () => auditAppendFailures().find((f) => f.tenant === 'default' && f.tool === 'track_shipment')?.count ?? 0;
    const before = counted();
    keyring.broken = true;
    expect(await call(store, OPERATOR, 'track_shipment', { tracking_id: 'TTN-000001' })).toMatchObject({ status: 'ok', tracking_id: 'TTN-000001' });
    expect(counted()).toBe(before + 1);
    expect(await store.audit.list()).toEqual([]);
  });
});
