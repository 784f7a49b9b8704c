import { expect, it } from 'vitest';
import { StoreError } from '../storage/store-error.js';
import { storeConformance } from '../testing/store-conformance.js';
import { hashSecret } from './hash-secret.js';
import { openApiKeyStore } from './open-api-key-store.js';

/** The ApiKeyStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('ApiKeyStore', openApiKeyStore, ({ open, exec, another }) => {
  it('stores only the SHA-256 of a key and verifies the key back to its tenant and role from another connection', async () => {
    const admin = await open();
    const server = await open();
    const { key, info } = await admin.create({ tenant: 'acme', role: 'operator', name: 'alice' });
    expect(await server.verify(key)).toEqual({ keyId: info.keyId, tenant: 'acme', role: 'operator', name: 'alice' });
    expect(await server.verify(`${key}x`)).toBeUndefined();
    const rows = await server.exportAll();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows).toEqual([expect.objectContaining({ id: info.keyId, keyHash: hashSecret(key), revokedAt: null })]);
  });

  it('refuses a bad tenant id, including the reserved "global", and a bad role', async () => {
    const store = await open();
    await expect(store.create({ tenant: 'acme corp', role: 'viewer' })).rejects.toThrow(/tenant: a tenant is/);
    await expect(store.create({ tenant: 'global', role: 'viewer' })).rejects.toThrow(/reserved/);
    await expect(store.create({ tenant: 'acme', role: 'root' as never })).rejects.toThrow(/role must be/);
    expect(await store.list()).toEqual([]);
  });

  it('lists keys oldest first and revokes a key once, for every connection', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    // Both connections on one clock: either may win the revoke race below, and the stamp must not depend on which.
    const admin = await open(() => now);
    const server = await open(() => now);
    const first = await admin.create({ tenant: 'acme', role: 'viewer' });
    now = new Date('2026-12-01T11:00:00Z');
    const second = await admin.create({ tenant: 'globex', role: 'admin', name: '  ' });
    expect((await server.list()).map((k) => [k.keyId, k.tenant, k.role, k.name])).toEqual([
      [first.info.keyId, 'acme', 'viewer', first.info.keyId],
      [second.info.keyId, 'globex', 'admin', second.info.keyId],
    ]);
    const [a, b] = await Promise.all([admin.revoke(first.info.keyId), server.revoke(first.info.keyId)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await server.verify(first.key)).toBeUndefined();
    expect((await server.list())[0]?.revokedAt).toBe('2026-12-01T11:00:00.000Z');
    expect(await admin.revoke('key_unknown')).toBe(false);
  });

  it('imports exported rows as they are, so a copied key still verifies', async () => {
    const source = await open();
    const { key, info } = await source.create({ tenant: 'acme', role: 'operator' });
    const rows = await source.exportAll();
    const copy = await (await another()).open();
    await copy.importAll(rows);
    await copy.importAll(rows);
    expect(await copy.exportAll()).toEqual(rows);
    expect((await copy.verify(key))?.keyId).toBe(info.keyId);
  });

  it('refuses a database whose api_keys schema is newer than this Waybill', async () => {
    await (await open()).list();
    await exec("UPDATE waybill_schema SET version = 99 WHERE component = 'api_keys'");
    const error = await open().then(() => undefined, (e: unknown) => e);
    expect(StoreError.isInstance(error) && error.code).toBe('store_version_unsupported');
  });
});
