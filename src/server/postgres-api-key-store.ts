import type { PostgresMigration } from '../storage/index.js';
import { PostgresStore, openPostgresPool, withTransaction } from '../storage/index.js';
import { API_KEYS_SCHEMA_V1 } from './api-key-schema.js';
import type { ApiKeyInfo, ApiKeyStore, Principal, StoredApiKey } from './api-key-store.js';
import { newApiKey, toKeyInfo } from './api-key-store.js';
import type { ApiRole } from './api-role.js';
import { isApiRole } from './api-role.js';
import { hashSecret } from './hash-secret.js';

/** The same version and table as SQLite's `api_keys` component (1 — hashed keys per tenant and role). */
const POSTGRES_KEY_MIGRATIONS: readonly PostgresMigration[] = [API_KEYS_SCHEMA_V1];

const SELECT_ROWS = 'SELECT id, key_hash AS "keyHash", tenant, role, name, created_at AS "createdAt", revoked_at AS "revokedAt" FROM api_keys ORDER BY created_at COLLATE "C", id COLLATE "C"';

/** API keys in PostgreSQL (component `api_keys`), shared by every server process. */
export class PostgresApiKeyStore extends PostgresStore implements ApiKeyStore {
  /** Connects to `url` and migrates the `api_keys` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresApiKeyStore> {
    return new PostgresApiKeyStore(await openPostgresPool(url, 'api_keys', POSTGRES_KEY_MIGRATIONS), now);
  }

  async create(options: { tenant: string; role: ApiRole; name?: string }): Promise<{ key: string; info: ApiKeyInfo }> {
    const { key, info, values } = newApiKey(options, this.now().toISOString());
    await this.pool.query('INSERT INTO api_keys (id, key_hash, tenant, role, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)', values);
    return { key, info };
  }

  async verify(key: string): Promise<Principal | undefined> {
    const row = (await this.pool.query<{ id: string; tenant: string; role: string; name: string }>(
      'SELECT id, tenant, role, name FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [hashSecret(key)],
    )).rows[0];
    if (!row || !isApiRole(row.role)) return undefined;
    return { keyId: row.id, tenant: row.tenant, role: row.role, name: row.name };
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await this.exportAll()).flatMap((row) => toKeyInfo(row) ?? []);
  }

  async revoke(keyId: string): Promise<boolean> {
    const result = await this.pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [this.now().toISOString(), keyId]);
    return result.rowCount === 1;
  }

  async exportAll(): Promise<StoredApiKey[]> {
    return (await this.pool.query<StoredApiKey>(SELECT_ROWS)).rows;
  }

  async importAll(rows: readonly StoredApiKey[]): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      for (const r of rows) {
        await client.query(
          'INSERT INTO api_keys (id, key_hash, tenant, role, name, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING',
          [r.id, r.keyHash, r.tenant, r.role, r.name, r.createdAt, r.revokedAt],
        );
      }
    });
  }
}
