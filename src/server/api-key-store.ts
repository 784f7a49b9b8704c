import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Migration } from '../domain/index.js';
import { openSqliteDatabase } from '../domain/index.js';
import type { ApiRole } from './api-role.js';
import { isApiRole } from './api-role.js';
import { hashSecret, newSecret } from './hash-secret.js';

/** Changelog: 1 — keys stored as SHA-256 of the secret, bound to one tenant and one role. */
const KEY_MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
    `),
];

/** Who a request acts as, once its key is verified. */
export interface Principal {
  keyId: string;
  tenant: string;
  role: ApiRole;
  name: string;
}

export interface ApiKeyInfo extends Principal {
  createdAt: string;
  revokedAt: string | null;
}

const TENANT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Tenant ids are short identifiers, so they are safe in labels, URLs and logs. */
export function checkTenantId(tenant: string): string | undefined {
  if (tenant === 'global') return '"global" is reserved for switches that apply to every tenant';
  return TENANT.test(tenant) ? undefined : 'a tenant is 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit';
}

/**
 * API keys in the shared SQLite file. Only the SHA-256 of a key is stored: the key itself is shown
 * once, when it is created, and cannot be read back.
 */
export class SqliteApiKeyStore {
  readonly #db: Database.Database;
  readonly #now: () => Date;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  static open(path: string, now?: () => Date): SqliteApiKeyStore {
    return new SqliteApiKeyStore(openSqliteDatabase(path, 'api_keys', KEY_MIGRATIONS), now);
  }

  /** Creates a key; the returned `key` is the only copy. Throws on a bad tenant or role. */
  create(options: { tenant: string; role: ApiRole; name?: string }): { key: string; info: ApiKeyInfo } {
    const problem = checkTenantId(options.tenant);
    if (problem) throw new RangeError(`tenant: ${problem}`);
    if (!isApiRole(options.role)) throw new RangeError('role must be viewer, operator, admin or platform_admin');
    const id = `key_${randomBytes(6).toString('hex')}`;
    const key = newSecret('wb_');
    const createdAt = this.#now().toISOString();
    const name = options.name?.trim() || id;
    this.#db
      .prepare('INSERT INTO api_keys (id, key_hash, tenant, role, name, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, hashSecret(key), options.tenant, options.role, name, createdAt);
    return { key, info: { keyId: id, tenant: options.tenant, role: options.role, name, createdAt, revokedAt: null } };
  }

  /** The principal a presented key stands for, or undefined for an unknown or revoked key. */
  verify(key: string): Principal | undefined {
    const row = this.#db.prepare('SELECT id, tenant, role, name FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').get(hashSecret(key)) as
      | { id: string; tenant: string; role: string; name: string }
      | undefined;
    if (!row || !isApiRole(row.role)) return undefined;
    return { keyId: row.id, tenant: row.tenant, role: row.role, name: row.name };
  }

  list(): ApiKeyInfo[] {
    const rows = this.#db.prepare('SELECT id, tenant, role, name, created_at, revoked_at FROM api_keys ORDER BY created_at, id').all() as Array<{
      id: string;
      tenant: string;
      role: string;
      name: string;
      created_at: string;
      revoked_at: string | null;
    }>;
    return rows.flatMap((r) => (isApiRole(r.role) ? [{ keyId: r.id, tenant: r.tenant, role: r.role, name: r.name, createdAt: r.created_at, revokedAt: r.revoked_at }] : []));
  }

  /** True when a live key with this id was revoked now. */
  revoke(keyId: string): boolean {
    return this.#db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(this.#now().toISOString(), keyId).changes === 1;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
