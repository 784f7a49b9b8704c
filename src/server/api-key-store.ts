import { randomBytes } from 'node:crypto';
import type { ApiRole } from './api-role.js';
import { isApiRole } from './api-role.js';
import { hashSecret, newSecret } from './hash-secret.js';

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

/** A key as stored: only the SHA-256 of the secret (what `waybill db copy` moves between backends). */
export interface StoredApiKey {
  id: string;
  keyHash: string;
  tenant: string;
  role: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

const TENANT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Tenant ids are short identifiers, so they are safe in labels, URLs and logs. */
export function checkTenantId(tenant: string): string | undefined {
  if (tenant === 'global') return '"global" is reserved for switches that apply to every tenant';
  return TENANT.test(tenant) ? undefined : 'a tenant is 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit';
}

/** Throws RangeError for a bad tenant or role (both backends check the same way before writing). */
function checkNewKey(options: { tenant: string; role: ApiRole }): void {
  const problem = checkTenantId(options.tenant);
  if (problem) throw new RangeError(`tenant: ${problem}`);
  if (!isApiRole(options.role)) throw new RangeError('role must be viewer, operator, admin or platform_admin');
}

/**
 * API keys, bound to one tenant and one role. Only the SHA-256 of a key is stored: the key itself is
 * shown once, when it is created, and cannot be read back. SQLite (the embedded default) and
 * PostgreSQL implement it; `openApiKeyStore` picks one by database location.
 */
export interface ApiKeyStore {
  /** Creates a key; the returned `key` is the only copy. Rejects with RangeError on a bad tenant or role. */
  create(options: { tenant: string; role: ApiRole; name?: string }): Promise<{ key: string; info: ApiKeyInfo }>;
  /** The principal a presented key stands for, or undefined for an unknown or revoked key. */
  verify(key: string): Promise<Principal | undefined>;
  list(): Promise<ApiKeyInfo[]>;
  /** True when a live key with this id was revoked now. */
  revoke(keyId: string): Promise<boolean>;
  /** Every stored row, oldest first (for `waybill db copy`). */
  exportAll(): Promise<StoredApiKey[]>;
  /** Writes rows as they are (hashes included); an id already present is left alone. */
  importAll(rows: readonly StoredApiKey[]): Promise<void>;
  close(): Promise<void>;
}

/** The public view of a stored row, or undefined when its role is not one this Waybill knows. */
export function toKeyInfo(row: StoredApiKey): ApiKeyInfo | undefined {
  return isApiRole(row.role) ? { keyId: row.id, tenant: row.tenant, role: row.role, name: row.name, createdAt: row.createdAt, revokedAt: row.revokedAt } : undefined;
}

/**
 * A new key for `options` (checked first; throws on a bad tenant or role): the secret shown once, its
 * info, and the `api_keys` columns to insert (id, key_hash, tenant, role, name, created_at).
 */
export function newApiKey(options: { tenant: string; role: ApiRole; name?: string }, createdAt: string): { key: string; info: ApiKeyInfo; values: string[] } {
  checkNewKey(options);
  const id = `key_${randomBytes(6).toString('hex')}`;
  const key = newSecret('wb_');
  const name = options.name?.trim() || id;
  return { key, info: { keyId: id, tenant: options.tenant, role: options.role, name, createdAt, revokedAt: null }, values: [id, hashSecret(key), options.tenant, options.role, name, createdAt] };
}
