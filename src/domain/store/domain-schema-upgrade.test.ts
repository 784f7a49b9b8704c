import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import { migrateComponent } from '../../storage/sqlite/component-schema.js';
import { DOMAIN_MIGRATIONS } from './sqlite-domain-schema.js';
import { SqliteDomainStore } from './sqlite-domain-store.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('domain schema 1 -> 2', () => {
  it('upgrades a database written by the previous release: data kept, owned by default, approvals added', async () => {
    const { dir, cleanup } = makeTempDir();
    cleanups.push(cleanup);
    const path = join(dir, 'old.db');
    // What the previous release wrote: schema 1 only, with a cancellation made since.
    const old = new Database(path);
    migrateComponent(old, path, 'domain', DOMAIN_MIGRATIONS.slice(0, 1));
    old.prepare("INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES ('CNL-000002', 'TTN-000004', 'old', 720, 'k-old', 'h', '2026-11-29T00:00:00.000Z')").run();
    old.prepare("UPDATE shipments SET status = 'cancelled' WHERE tracking_id = 'TTN-000004'").run();
    old.close();

    const store = SqliteDomainStore.open(path);
    expect((await store.getShipment('TTN-000004', 'default'))?.cancellation).toMatchObject({ cancellationId: 'CNL-000002', refundUah: 720 });
    expect((await store.getShipment('TTN-000001'))?.tenant).toBe('default');
    expect((await store.getShipment('TTN-000015'))?.tenant).toBe('globex');
    expect(await store.getShipment('TTN-000015', 'default')).toBeUndefined();
    expect(await store.approvals.list()).toEqual([]);
    expect(await store.audit.verify()).toMatchObject({ ok: true, entries: 0, head: '0'.repeat(64), before_chain: ['CNL-000002'] });
    await store.close();
    const reopened = new Database(path);
    expect(reopened.prepare("SELECT version FROM waybill_schema WHERE component = 'domain'").get()).toEqual({ version: 3 });
    reopened.close();
  });
});
