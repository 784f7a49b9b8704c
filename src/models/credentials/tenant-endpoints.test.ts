import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { storeBackends, type TestDatabase } from '../../testing/store-backends.js';
import { CredentialKeyError } from './credential-key-error.js';
import { CREDENTIAL_KEY_FILE } from './credential-keyring.js';
import { openTenantEndpoints } from './open-tenant-endpoints.js';
import { TenantEndpointInputError } from './tenant-endpoint-input.js';

const RAW_KEY = 'sk-tenant-acme-Zq8vW3xY7pL2mN5bR9tK4dF6';
const BASE_URL = 'https://llm.acme.example/v1';

/** Every byte the database holds: the SQLite file with its WAL, or every row of every table of the schema as text. */
async function databaseBytes(db: TestDatabase): Promise<string> {
  if (!db.location.startsWith('postgres')) {
    const dir = dirname(db.location);
    return readdirSync(dir).filter((name) => name.startsWith('waybill.db')).map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n');
  }
  const client = new pg.Client({ connectionString: db.location });
  await client.connect();
  try {
    const tables = (await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")).rows;
    const dumps: string[] = [];
    for (const t of tables) dumps.push(JSON.stringify((await client.query(`SELECT * FROM "${t.table_name}"`)).rows));
    return dumps.join('\n');
  } finally {
    await client.end();
  }
}

describe.each(storeBackends())('tenant model endpoints on $name', (backend) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.cleanup();
    db = undefined;
  });

  it('seals base URL and key at rest, shows the key masked, and opens it only for the run', async () => {
    db = await backend.fresh();
    const keyDir = dirname(db.location.startsWith('postgres') ? join(process.cwd(), 'x') : db.location);
    const env = db.location.startsWith('postgres') ? { WAYBILL_CREDENTIAL_KEY: 'a test credential secret of some length' } : {};
    const endpoints = await openTenantEndpoints(db.location, { env });
    try {
      const view = await endpoints.set('acme', { model: 'acme-model', baseUrl: BASE_URL, apiKey: RAW_KEY }, 'admin key_1');
      expect(view).toMatchObject({ tenant: 'acme', model: 'acme-model', base_url: BASE_URL, api_key: `****${RAW_KEY.slice(-4)}` });
      expect(JSON.stringify(await endpoints.view('acme'))).not.toContain(RAW_KEY);
      expect((await endpoints.resolve('acme'))?.endpoint).toEqual({ model: 'acme-model', baseUrl: BASE_URL, apiKey: RAW_KEY });
      expect(await endpoints.resolve('globex')).toBeUndefined();
      const bytes = await databaseBytes(db);
      expect(bytes).toContain('acme-model');
      expect(bytes).not.toContain(RAW_KEY);
      expect(bytes).not.toContain(RAW_KEY.slice(0, 16));
      expect(bytes).not.toContain('llm.acme.example');
      if (!db.location.startsWith('postgres')) expect(statSync(join(keyDir, CREDENTIAL_KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      await endpoints.close();
    }
  });

  it('refuses a sealed value moved to another tenant, and a keyring without its key', async () => {
    db = await backend.fresh();
    const env = { WAYBILL_CREDENTIAL_KEY: 'a test credential secret of some length' };
    const endpoints = await openTenantEndpoints(db.location, { env });
    await endpoints.set('acme', { model: 'm', baseUrl: BASE_URL, apiKey: RAW_KEY }, 'admin');
    await endpoints.close();
    await db.exec("INSERT INTO tenant_model_endpoints (tenant, model, sealed, key_hint, updated_at, updated_by) SELECT 'globex', model, sealed, key_hint, updated_at, updated_by FROM tenant_model_endpoints WHERE tenant = 'acme'");
    const again = await openTenantEndpoints(db.location, { env });
    const otherKey = await openTenantEndpoints(db.location, { env: { WAYBILL_CREDENTIAL_KEY: 'another secret, another key entirely' } });
    try {
      await expect(again.resolve('globex')).rejects.toThrow(CredentialKeyError);
      await expect(otherKey.resolve('acme')).rejects.toThrow(/sealed under key cenv-\w+, which WAYBILL_CREDENTIAL_KEY does not hold/);
      const error = await otherKey.view('acme').catch((e: unknown) => e);
      expect(String((error as Error).message)).not.toContain(RAW_KEY);
    } finally {
      await again.close();
      await otherKey.close();
    }
  });

  it('refuses bad input naming the fields, without repeating what was sent, and removes an endpoint', async () => {
    db = await backend.fresh();
    const endpoints = await openTenantEndpoints(db.location, { env: { WAYBILL_CREDENTIAL_KEY: 'a test credential secret of some length' } });
    try {
      const error = await endpoints.set('acme', { model: 'has space', baseUrl: `https://user:${RAW_KEY}@x.example/v1`, apiKey: `${RAW_KEY} ` }, 'admin').catch((e: unknown) => e);
      expect(TenantEndpointInputError.isInstance(error)).toBe(true);
      expect((error as TenantEndpointInputError).problems.map((p) => p.split(':')[0])).toEqual(['model', 'base_url', 'api_key']);
      expect((error as Error).message).not.toContain(RAW_KEY);
      expect(await endpoints.view('acme')).toBeUndefined();
      await endpoints.set('acme', { model: 'm', baseUrl: 'http://127.0.0.1:11434/v1' }, 'admin');
      expect((await endpoints.view('acme'))?.api_key).toBeNull();
      const first = await endpoints.resolve('acme');
      expect(first?.endpoint).toEqual({ model: 'm', baseUrl: 'http://127.0.0.1:11434/v1' });
      await endpoints.set('acme', { model: 'm', baseUrl: 'http://127.0.0.1:11434/v1' }, 'admin');
      expect((await endpoints.resolve('acme'))?.version).not.toBe(first?.version);
      expect(await endpoints.remove('acme')).toBe(true);
      expect(await endpoints.remove('acme')).toBe(false);
      expect(await endpoints.resolve('acme')).toBeUndefined();
    } finally {
      await endpoints.close();
    }
  });
});
