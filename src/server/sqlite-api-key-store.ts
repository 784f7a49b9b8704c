import type { Migration } from '../storage/index.js';
import { SqliteStore, openSqliteDatabase } from '../storage/index.js';
import { API_KEYS_SCHEMA_V1 } from './api-key-schema.js';
import type { ApiKeyInfo, ApiKeyStore, Principal, StoredApiKey } from './api-key-store.js';
import { newApiKey, toKeyInfo } from './api-key-store.js';
import type { ApiRole } from './api-role.js';
import { isApiRole } from './api-role.js';
import { hashSecret } from './hash-secret.js';

/** Changelog: 1 — keys stored as SHA-256 of the secret, bound to one tenant and one role. */
const KEY_MIGRATIONS: readonly Migration[] = [(db) => db.exec(API_KEYS_SCHEMA_V1)];

const SELECT_ROWS = 'SELECT id, key_hash AS keyHash, tenant, role, name, created_at AS createdAt, revoked_at AS revokedAt FROM api_keys ORDER BY created_at, id';

/** API keys in the shared SQLite file (component `api_keys`). */
export class SqliteApiKeyStore extends SqliteStore implements ApiKeyStore {
  static open(path: string, now?: () => Date): SqliteApiKeyStore {
    return new SqliteApiKeyStore(openSqliteDatabase(path, 'api_keys', KEY_MIGRATIONS), now);
  }

  async create(options: { tenant: string; role: ApiRole; name?: string }): Promise<{ key: string; info: ApiKeyInfo }> {
    const { key, info, values } = newApiKey(options, this.now().toISOString());
    this.db.prepare('INSERT INTO api_keys (id, key_hash, tenant, role, name, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(...values);
    return { key, info };
  }

  async verify(key: string): Promise<Principal | undefined> {
    const row = this.db.prepare('SELECT id, tenant, role, name FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').get(hashSecret(key)) as
      | { id: string; tenant: string; role: string; name: string }
      | undefined;
    if (!row || !isApiRole(row.role)) return undefined;
    return { keyId: row.id, tenant: row.tenant, role: row.role, name: row.name };
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await this.exportAll()).flatMap((row) => toKeyInfo(row) ?? []);
  }

  async revoke(keyId: string): Promise<boolean> {
    return this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(this.now().toISOString(), keyId).changes === 1;
  }

  async exportAll(): Promise<StoredApiKey[]> {
    return this.db.prepare(SELECT_ROWS).all() as StoredApiKey[];
  }

  async importAll(rows: readonly StoredApiKey[]): Promise<void> {
    const insert = this.db.prepare(
      'INSERT INTO api_keys (id, key_hash, tenant, role, name, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    this.db.transaction(() => {
      for (const r of rows) insert.run(r.id, r.keyHash, r.tenant, r.role, r.name, r.createdAt, r.revokedAt);
    })();
  }
}
