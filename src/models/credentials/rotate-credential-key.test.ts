import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendNewKey } from '../../domain/audit/audit-keyring.js';
import { storeBackends, type TestDatabase } from '../../testing/store-backends.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { openTenantEndpointRows, openTenantEndpoints } from './open-tenant-endpoints.js';
import { rotateCredentialKey } from './rotate-credential-key.js';
import { sealedKeyId } from './seal-secret.js';

const endpointOf = (tenant: string) => ({ model: `${tenant}-large`, baseUrl: `https://llm.${tenant}.example/v1`, apiKey: `sk-${tenant}-0123456789abcdef` });

describe.each(storeBackends())('credential key rotation on $name', (backend) => {
  let db: TestDatabase | undefined;
  const temp = makeTempDir();
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  /** The key id each tenant's endpoint is sealed under, read from the rows. */
  async function sealedUnder(location: string): Promise<Record<string, string | undefined>> {
    const rows = await openTenantEndpointRows(location);
    try {
      return Object.fromEntries((await rows.list()).map((row) => [row.tenant, sealedKeyId(row.sealed)]));
    } finally {
      await rows.close();
    }
  }

  async function resolvesWith(location: string, env: NodeJS.ProcessEnv, tenants: readonly string[]): Promise<void> {
    const endpoints = await openTenantEndpoints(location, { env });
    try {
      for (const tenant of tenants) expect((await endpoints.resolve(tenant))?.endpoint).toEqual(endpointOf(tenant));
    } finally {
      await endpoints.close();
    }
  }

  it('re-seals every endpoint under a new key appended to the key file; the old key stays readable there, and is no longer needed', async () => {
    db = await backend.fresh();
    const file = join(temp.dir, `${backend.name}-credentials.key`);
    const old = appendNewKey(file, 'c');
    const env = { WAYBILL_CREDENTIAL_KEY_FILE: file };
    const endpoints = await openTenantEndpoints(db.location, { env });
    for (const tenant of ['acme', 'globex']) await endpoints.set(tenant, endpointOf(tenant), 'admin');
    await endpoints.close();
    expect(await sealedUnder(db.location)).toEqual({ acme: old, globex: old });

    const rotation = await rotateCredentialKey(db.location, { env });
    expect(rotation).toMatchObject({ file, from: old, resealed: 2, already: 0, left: [], movedFromEnv: false });
    expect(rotation.to).not.toBe(old);
    expect(await sealedUnder(db.location)).toEqual({ acme: rotation.to, globex: rotation.to });
    // Both keys are in the file, the new one last (it seals); the endpoints open with it alone.
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual([old, rotation.to]);
    const onlyNew = join(temp.dir, `${backend.name}-new-only.key`);
    writeFileSync(onlyNew, `${lines.at(-1) ?? ''}\n`);
    await resolvesWith(db.location, { WAYBILL_CREDENTIAL_KEY_FILE: onlyNew }, ['acme', 'globex']);
    // Again: nothing left to re-seal under the newest key.
    expect(await rotateCredentialKey(db.location, { env })).toMatchObject({ resealed: 2, left: [] });
  });

  it('moves a key from WAYBILL_CREDENTIAL_KEY into the named file first, and refuses without one', async () => {
    db = await backend.fresh();
    const env = { WAYBILL_CREDENTIAL_KEY: 'an environment secret of 32 chars', WAYBILL_CREDENTIAL_KEY_FILE: '' };
    const endpoints = await openTenantEndpoints(db.location, { env });
    await endpoints.set('acme', endpointOf('acme'), 'admin');
    await endpoints.close();
    const before = (await sealedUnder(db.location)).acme;
    await expect(rotateCredentialKey(db.location, { env })).rejects.toMatchObject({ name: 'CredentialKeyError', message: expect.stringContaining('pass --file') });
    expect((await sealedUnder(db.location)).acme).toBe(before);

    const file = join(temp.dir, `${backend.name}-moved.key`);
    const rotation = await rotateCredentialKey(db.location, { env, file });
    expect(rotation).toMatchObject({ file, from: before, resealed: 1, left: [], movedFromEnv: true });
    expect(readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' ')[0])).toEqual([before, rotation.to]);
    await resolvesWith(db.location, { WAYBILL_CREDENTIAL_KEY_FILE: file }, ['acme']);
  });
});
