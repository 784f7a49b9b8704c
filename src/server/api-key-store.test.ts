import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/temp-dir.js';
import { SqliteApiKeyStore } from './api-key-store.js';
import { hashSecret } from './hash-secret.js';
import { SqliteWebhookStore } from './webhook-store.js';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));
const dbPath = () => {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  return join(temp.dir, 'keys.db');
};

describe('API keys', () => {
  it('stores only the SHA-256 of a key and verifies the key back to its tenant and role', () => {
    const path = dbPath();
    const store = SqliteApiKeyStore.open(path);
    const { key, info } = store.create({ tenant: 'acme', role: 'operator', name: 'alice' });
    expect(store.verify(key)).toEqual({ keyId: info.keyId, tenant: 'acme', role: 'operator', name: 'alice' });
    expect(store.verify(`${key}x`)).toBeUndefined();
    store.close();
    const raw = new Database(path, { readonly: true });
    const rows = raw.prepare('SELECT * FROM api_keys').all();
    raw.close();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows).toEqual([expect.objectContaining({ key_hash: hashSecret(key) })]);
  });

  it('refuses a bad tenant id, including the reserved "global"', () => {
    const store = SqliteApiKeyStore.open(dbPath());
    expect(() => store.create({ tenant: 'acme corp', role: 'viewer' })).toThrow(/tenant: a tenant is/);
    expect(() => store.create({ tenant: 'global', role: 'viewer' })).toThrow(/reserved/);
    store.close();
  });
});

describe('one-time links', () => {
  it('lets exactly one redemption through and spends the sibling link with it', () => {
    const store = SqliteWebhookStore.open(dbPath());
    const links = store.issueLinks({ runId: 'run-1', tenant: 'acme', threadId: 't-1' }, 60_000);
    expect(store.peek(links.approve)).toMatchObject({ found: true, usable: true });
    expect(store.redeem(links.approve)).toMatchObject({ found: true, usable: true, link: { decision: 'approve', runId: 'run-1' } });
    expect(store.redeem(links.approve)).toMatchObject({ usable: false });
    expect(store.redeem(links.reject)).toMatchObject({ usable: false });
    expect(store.redeem('nope')).toEqual({ found: false });
    store.close();
  });

  it('refuses an expired link', () => {
    let now = new Date('2026-11-30T10:00:00Z');
    const path = dbPath();
    const clocked = SqliteWebhookStore.open(path, () => now);
    const links = clocked.issueLinks({ runId: 'run-2', tenant: 'acme', threadId: 't-2' }, 60_000);
    now = new Date('2026-11-30T10:01:01Z');
    expect(clocked.redeem(links.reject)).toMatchObject({ found: true, usable: false });
    clocked.close();
  });
});
