import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import type { CancelRequest } from './domain-store.js';
import { StoreError } from '../../storage/store-error.js';
import { DOMAIN_MIGRATIONS } from './sqlite-domain-schema.js';
import { SqliteDomainStore } from './sqlite-domain-store.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function tempDbPath(): string {
  const { dir, cleanup } = makeTempDir();
  cleanups.push(cleanup);
  return join(dir, 'nested', 'waybill.db');
}

const request = (overrides: Partial<CancelRequest> = {}): CancelRequest => ({
  trackingId: 'TTN-000004',
  reason: 'Клієнт відмовився',
  refundUah: 720,
  idempotencyKey: 'key-1',
  argsHash: 'hash-1',
  cancelledAt: '2026-11-30T12:00:00.000Z',
  ...overrides,
});

function expectStoreError(open: () => unknown, code: string): void {
  try {
    open();
  } catch (error) {
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).code).toBe(code);
    return;
  }
  throw new Error(`expected StoreError ${code}`);
}

describe('SqliteDomainStore', () => {
  it('creates the folder and file on first use and seeds the fixtures DESIGN.md relies on', async () => {
    const store = SqliteDomainStore.open(tempDbPath());
    const ttn1 = await store.getShipment('TTN-000001');
    const ttn5 = await store.getShipment('TTN-000005');
    expect(ttn1?.status).toBe('in_transit');
    expect(ttn5?.status).toBe('delayed');
    expect(ttn5?.delayReason).toMatch(/Снігопад/);
    expect(ttn5?.history.at(-1)?.note).toMatch(/Затримка/);
    expect((await store.getShipment('TTN-000004'))?.paidUah).toBe(720);
    expect((await store.getShipment('TTN-000006'))?.cancellation?.refundUah).toBe(150);
    expect(await store.distanceKm('Одеса', 'Харків')).toBe(700);
    expect(await store.distanceKm('Харків', 'Одеса')).toBe(700);
    expect((await store.listWarehouses()).map((w) => w.city)).toHaveLength(5);
    expect((await store.listStock('SKU-1001')).length).toBeGreaterThan(1);
    expect((await store.listStock('SKU-1002')).map((l) => l.city)).toEqual(['Київ']);
    expect((await store.getTariff('overnight'))?.maxWeightKg).toBe(10);
    await store.close();
  });

  it('keeps at least 12 shipments that cover every status', async () => {
    const file = SqliteDomainStore.open(tempDbPath());
    const statuses = new Set<string>();
    let count = 0;
    for (let n = 1; n <= 20; n += 1) {
      const shipment = await file.getShipment(`TTN-${String(n).padStart(6, '0')}`);
      if (!shipment) continue;
      count += 1;
      shipment.history.forEach((e) => statuses.add(e.status));
    }
    expect(count).toBeGreaterThanOrEqual(12);
    expect([...statuses].sort()).toEqual(['at_branch', 'cancelled', 'created', 'delayed', 'delivered', 'in_transit']);
    await file.close();
  });

  it('persists a cancellation across reopening and replays it for the same key', async () => {
    const path = tempDbPath();
    const first = SqliteDomainStore.open(path);
    const created = await first.cancelShipment(request());
    expect(created.kind).toBe('created');
    await first.close();

    const second = SqliteDomainStore.open(path);
    expect((await second.getShipment('TTN-000004'))?.status).toBe('cancelled');
    const replay = await second.cancelShipment(request({ cancelledAt: '2026-12-01T00:00:00.000Z' }));
    expect(replay).toEqual({ kind: 'replayed', cancellation: created.kind === 'created' ? created.cancellation : undefined });
    expect(await second.countCancellations('TTN-000004')).toBe(1);
    await second.close();
  });

  it('refuses a reused key with other arguments, a final status, and a refund above what was paid', async () => {
    const store = SqliteDomainStore.open(':memory:');
    await store.cancelShipment(request());
    expect((await store.cancelShipment(request({ argsHash: 'other' }))).kind).toBe('key_conflict');
    expect(await store.cancelShipment(request({ idempotencyKey: 'key-2' }))).toEqual({ kind: 'not_cancellable', status: 'cancelled' });
    expect(await store.cancelShipment(request({ trackingId: 'TTN-000003', idempotencyKey: 'key-3' }))).toEqual({ kind: 'not_cancellable', status: 'delivered' });
    expect(await store.cancelShipment(request({ trackingId: 'TTN-000001', idempotencyKey: 'key-4', refundUah: 261 }))).toEqual({ kind: 'refund_exceeds_paid', paidUah: 260 });
    expect(await store.cancelShipment(request({ trackingId: 'TTN-123456', idempotencyKey: 'key-5' }))).toEqual({ kind: 'not_found' });
    expect(await store.countCancellations()).toBe(2);
    await store.close();
  });

  it('records one cancellation when two connections to one file both try', async () => {
    const path = tempDbPath();
    const a = SqliteDomainStore.open(path);
    const b = SqliteDomainStore.open(path);
    const outcomes = await Promise.all([a.cancelShipment(request()), b.cancelShipment(request({ idempotencyKey: 'other-key' }))]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['created', 'not_cancellable']);
    expect(await a.countCancellations('TTN-000004')).toBe(1);
    await a.close();
    await b.close();
  });

  it('names a corrupted file instead of crashing', () => {
    const path = tempDbPath();
    SqliteDomainStore.open(path).close();
    writeFileSync(path, 'this is not a database, just text that overwrote it'.repeat(100));
    expectStoreError(() => SqliteDomainStore.open(path), 'store_corrupt');
  });

  it('refuses a database truncated to nothing instead of seeding a new one over it, and a truncated one', () => {
    const empty = tempDbPath();
    SqliteDomainStore.open(empty).close();
    writeFileSync(empty, '');
    expectStoreError(() => SqliteDomainStore.open(empty), 'store_corrupt');
    expect(readFileSync(empty).length).toBe(0);
    const cut = tempDbPath();
    SqliteDomainStore.open(cut).close();
    writeFileSync(cut, readFileSync(cut).subarray(0, 1500));
    expectStoreError(() => SqliteDomainStore.open(cut), 'store_corrupt');
  });

  it('refuses a SQLite file that belongs to something else, and one from a newer Waybill', () => {
    const foreign = tempDbPath();
    SqliteDomainStore.open(foreign).close();
    const other = new Database(join(foreign, '..', 'other.db'));
    other.exec('CREATE TABLE notes (body TEXT)');
    other.close();
    expectStoreError(() => SqliteDomainStore.open(join(foreign, '..', 'other.db')), 'store_foreign');

    const newer = new Database(foreign);
    newer.prepare("UPDATE waybill_schema SET version = ? WHERE component = 'domain'").run(DOMAIN_MIGRATIONS.length + 1);
    newer.close();
    expectStoreError(() => SqliteDomainStore.open(foreign), 'store_version_unsupported');
  });

  it('reports an unusable path as store_unavailable', () => {
    const path = tempDbPath();
    writeFileSync(join(path, '..', '..', 'blocker'), 'a file where a folder should be');
    expectStoreError(() => SqliteDomainStore.open(join(path, '..', '..', 'blocker', 'waybill.db')), 'store_unavailable');
  });
});
