import { afterEach, describe, expect, it } from 'vitest';
import { cancelRequest } from '../../testing/cancel-request.js';
import { storeBackends } from '../../testing/store-backends.js';
import type { StoreBackend, TestDatabase } from '../../testing/store-backends.js';
import type { DomainStore } from '../store/domain-store.js';
import { openDomainStore } from '../store/open-domain-store.js';
import type { AuditAnchor } from './audit-anchor-format.js';
import { makeAnchor } from './audit-anchor.js';
import type { ChainEntry } from './audit-chain.js';
import { chainHash, GENESIS_HASH } from './audit-chain.js';
import { loadAuditKeyring } from './audit-keyring.js';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const keyring = loadAuditKeyring({ env: { WAYBILL_AUDIT_KEY: 'the audit tamper test key, never stored in the database' } });

interface History {
  store: DomainStore;
  db: TestDatabase;
  anchor: AuditAnchor;
  used: string;
  rejected: string;
  unused: string;
  cancellationId: string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A used grant (TTN-000004, 720 UAH), a rejected request (TTN-000012), an unused grant (TTN-000014), five reads (14 entries); then an anchor. */
async function history(backend: StoreBackend): Promise<History> {
  const db = await backend.fresh();
  let n = 0;
  const store = await openDomainStore({ path: db.location, now: () => NOW, newId: () => `t${(n += 1)}`, auditKeys: keyring });
  cleanups.push(async () => {
    await store.close();
    await db.cleanup();
  });
  const approvalFor = async (trackingId: string, refundUah: number, decision: 'approve' | 'reject') => {
    const request = cancelRequest({ trackingId, refundUah });
    const grant = { requestedBy: 'test', args: { tracking_id: trackingId, reason: request.reason, refund_uah: refundUah } };
    const asked = await store.cancelShipment({ ...request, grant });
    if (asked.kind !== 'approval_required') throw new Error(`expected approval_required, got ${asked.kind}`);
    await store.approvals.decide({ approvalId: asked.approval.approvalId, kind: decision, decidedBy: 'operator' });
    return { request, grant, approvalId: asked.approval.approvalId };
  };
  const used = await approvalFor('TTN-000004', 720, 'approve');
  const done = await store.cancelShipment({ ...used.request, grant: { ...used.grant, approvalId: used.approvalId } });
  if (done.kind !== 'created') throw new Error(`expected created, got ${done.kind}`);
  const rejected = await approvalFor('TTN-000012', 100, 'reject');
  const unused = await approvalFor('TTN-000014', 100, 'approve');
  for (const subject of ['track_shipment', 'check_stock', 'calc_delivery', 'track_shipment', 'check_stock']) {
    await store.audit.append({ type: 'tool.call', tenant: 'default', at: NOW.toISOString(), subject, body: { status: 'ok' } });
  }
  const anchor = makeAnchor(await store.audit.head(), keyring, NOW);
  return { store, db, anchor, used: used.approvalId, rejected: rejected.approvalId, unused: unused.approvalId, cancellationId: done.cancellation.cancellationId };
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** What an intruder with the database and the published code can do: drop entries, renumber, re-hash, rewrite the head. */
function rewriteSql(entries: readonly ChainEntry[], sign: (prev: string, entry: Omit<ChainEntry, 'prevHash' | 'hash'>) => { version: number; keyId: string | null; hash: string }): string {
  let prev = GENESIS_HASH;
  const statements = ['DELETE FROM audit_chain'];
  entries.forEach((original, index) => {
    const partial = { ...original, seq: index + 1 };
    const signed = sign(prev, partial);
    statements.push(
      `INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, key_id, prev_hash, hash) VALUES (${partial.seq}, ${signed.version}, ${quote(partial.at)}, ${quote(partial.type)}, ${quote(partial.tenant)}, ${quote(partial.subject)}, ${quote(JSON.stringify(partial.body))}, ${signed.keyId === null ? 'NULL' : quote(signed.keyId)}, ${quote(prev)}, ${quote(signed.hash)})`,
    );
    prev = signed.hash;
  });
  statements.push(`UPDATE audit_chain_head SET count = ${entries.length}, hash = ${quote(prev)} WHERE id = 1`);
  return statements.join(';\n');
}

describe.each(storeBackends())('audit verify against a database writer ($name)', { timeout: 60_000 }, (backend) => {
  it('passes the untouched history with its anchor', async () => {
    const { store, anchor } = await history(backend);
    expect(await store.audit.verify({ anchors: [anchor] })).toMatchObject({ ok: true, entries: 14, anchors: 1, keys: [keyring.signing().id] });
  });

  it('finds a truncated tail whose head row was rewritten to match: by the head row\'s own HMAC, and by the anchor', async () => {
    const { store, db, anchor } = await history(backend);
    const kept = (await store.audit.list()).slice(0, 11);
    await db.exec(`DELETE FROM audit_chain WHERE seq > 11; UPDATE audit_chain_head SET count = 11, hash = ${quote(kept.at(-1)?.hash ?? '')} WHERE id = 1`);
    const alone = await store.audit.verify();
    expect(alone).toMatchObject({ ok: false, seq: 12, problem: 'removed', entries: 11 });
    expect(alone.ok ? '' : alone.detail).toBe('the head row (#11) is not signed with the key: it was rewritten, so entries after #11 may have been cut');
    const verdict = await store.audit.verify({ anchors: [anchor] });
    expect(verdict.ok ? [] : verdict.findings.map((f) => f.problem)).toEqual(['removed', 'truncated']);
    expect(verdict.ok ? '' : verdict.findings[1]?.detail).toMatch(/the chain ends at #11, but the anchor of 2026-11-30T12:00:00.000Z was taken at #14: entries #12 to #14 were removed/);
    // Without its row the head proves nothing either.
    await db.exec('DELETE FROM audit_chain_head');
    expect(await store.audit.verify()).toMatchObject({ ok: false, seq: 12, problem: 'removed', detail: 'the head row is missing while the chain holds 11 entries: entries after #11 may have been cut' });
  });

  it('finds the chain re-hashed without the key: with the public SHA-256 format, under a key of its own, or under the real key id', async () => {
    const { store, db, anchor } = await history(backend);
    // Two reads dropped from the middle, everything after renumbered and re-hashed.
    const entries = (await store.audit.list()).filter((e) => e.seq !== 13 && e.seq !== 14);
    await db.exec(rewriteSql(entries, (prev, e) => ({ version: 1, keyId: null, hash: chainHash(prev, { ...e, version: 1 }) })));
    const unkeyed = await store.audit.verify();
    expect(unkeyed).toMatchObject({ ok: false, seq: 1, problem: 'unkeyed' });
    const withAnchor = await store.audit.verify({ anchors: [anchor] });
    expect(withAnchor.ok ? [] : withAnchor.findings.map((f) => f.problem)).toEqual(['unkeyed', 'truncated']);

    const forged = { id: 'kforged', secret: Buffer.from('a key the intruder made up') };
    await db.exec(rewriteSql(entries, (prev, e) => ({ version: 2, keyId: forged.id, hash: chainHash(prev, { ...e, version: 2 }, forged) })));
    expect(await store.audit.verify()).toMatchObject({ ok: false, seq: 1, problem: 'unknown_key' });

    const guessed = { id: keyring.signing().id, secret: Buffer.from('a guess at the real key') };
    await db.exec(rewriteSql(entries, (prev, e) => ({ version: 2, keyId: guessed.id, hash: chainHash(prev, { ...e, version: 2 }, guessed) })));
    const verdict = await store.audit.verify();
    expect(verdict).toMatchObject({ ok: false, seq: 1, problem: 'altered' });
    expect(verdict.ok ? '' : verdict.detail).toMatch(/does not match its keyed hash under k.+: edited, or re-hashed without the key/);
  });

  it('finds a rejected approval set to approved', async () => {
    const { store, db, rejected } = await history(backend);
    await db.exec(`UPDATE approvals SET status = 'approved', decision = 'approve' WHERE approval_id = ${quote(rejected)}`);
    const verdict = await store.audit.verify();
    expect(verdict).toMatchObject({ ok: false, problem: 'altered', entries: 14 });
    expect(verdict.ok ? '' : verdict.detail).toBe(`${rejected} is approved (approve) in the approvals table, but entry #${verdict.ok ? 0 : verdict.seq} records the decision reject`);
  });

  it('finds a deleted grant, used or not', async () => {
    const { store, db, used, unused } = await history(backend);
    await db.exec(`DELETE FROM grants WHERE approval_id IN (${quote(used)}, ${quote(unused)})`);
    const verdict = await store.audit.verify();
    expect(verdict.ok).toBe(false);
    const details = verdict.ok ? [] : verdict.findings.map((f) => f.detail);
    expect(details).toEqual([expect.stringMatching(new RegExp(`issued grant grt_\\S+ for ${used}, which the grants table no longer has`)), expect.stringMatching(new RegExp(`issued grant grt_\\S+ for ${unused}, which the grants table no longer has`))]);
  });

  it('finds a grant unmarked as used', async () => {
    const { store, db, used, cancellationId } = await history(backend);
    await db.exec(`UPDATE grants SET consumed_at = NULL, consumed_by = NULL WHERE approval_id = ${quote(used)}`);
    const verdict = await store.audit.verify();
    expect(verdict.ok ? '' : verdict.detail).toMatch(new RegExp(`the grants row of ${used} says unused, the chain records its use by ${cancellationId}`));
  });

  it('finds an edited refund amount', async () => {
    const { store, db, cancellationId } = await history(backend);
    await db.exec(`UPDATE cancellations SET refund_uah = 72 WHERE cancellation_id = ${quote(cancellationId)}`);
    const verdict = await store.audit.verify();
    expect(verdict).toMatchObject({ ok: false, problem: 'altered' });
    expect(verdict.ok ? '' : verdict.detail).toMatch(new RegExp(`cancellation ${cancellationId} is TTN-000004 with a refund of 72 UAH in the cancellations table, but entry #\\d+ records TTN-000004 and 720 UAH`));
  });

  it('finds a cancellation inserted behind the chain, and an edited anchor', async () => {
    const { store, db, anchor } = await history(backend);
    await db.exec("INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES ('CNL-000099', 'TTN-000001', 'x', 260, 'k-x', 'h', '2026-11-30T12:00:01.000Z')");
    const verdict = await store.audit.verify({ anchors: [{ ...anchor, seq: 13 }] });
    expect(verdict.ok ? [] : verdict.findings.map((f) => f.problem)).toEqual(['anchor_invalid', 'altered']);
    expect(verdict.ok ? '' : verdict.findings[1]?.detail).toBe('cancellation CNL-000099 (TTN-000001, 260 UAH) has no entry in the chain');
  });
});

describe.each(storeBackends())('a chain written before keys ($name)', { timeout: 60_000 }, (backend) => {
  it('verifies its unkeyed entries only as a prefix sealed by a keyed entry, and refuses an unkeyed entry after a keyed one', async () => {
    const { store, db } = await history(backend);
    // What the previous release wrote: the same history, every entry format 1 (plain SHA-256, no key).
    const entries = await store.audit.list();
    await db.exec(rewriteSql(entries, (prev, e) => ({ version: 1, keyId: null, hash: chainHash(prev, { ...e, version: 1 }) })));
    const unsealed = await store.audit.verify();
    expect(unsealed).toMatchObject({ ok: false, seq: 1, problem: 'unkeyed', entries: 14 });
    await store.audit.append({ type: 'audit.sealed', tenant: '*', at: NOW.toISOString(), subject: 'format-1', body: { unkeyed: 14 } });
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 15, unkeyed: 14, keys: [keyring.signing().id] });
    // A format-1 entry after the keyed one is what an intruder without the key would append.
    const [sealed] = await store.audit.list({ limit: 1 });
    const forged = { seq: 16, version: 1, at: NOW.toISOString(), type: 'tool.call' as const, tenant: 'default', subject: 'track_shipment', body: { status: 'ok' } };
    const hash = chainHash(sealed?.hash ?? '', forged);
    await db.exec(`INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, key_id, prev_hash, hash) VALUES (16, 1, ${quote(forged.at)}, 'tool.call', 'default', 'track_shipment', '{"status":"ok"}', NULL, ${quote(sealed?.hash ?? '')}, ${quote(hash)}); UPDATE audit_chain_head SET count = 16, hash = ${quote(hash)} WHERE id = 1`);
    expect(await store.audit.verify()).toMatchObject({ ok: false, seq: 16, problem: 'altered', detail: 'entry #16 is unkeyed (format 1) after keyed entries: it was written without the key' });
  });
});
