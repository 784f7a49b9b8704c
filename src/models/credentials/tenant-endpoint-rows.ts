/** A tenant's endpoint as stored: the model name in the clear, base URL and key sealed together. */
export interface StoredTenantEndpoint {
  tenant: string;
  model: string;
  /** `{base_url, api_key}` as JSON, sealed under a credential key with the tenant as context (seal-secret.ts). */
  sealed: string;
  /** The key's last four characters, for the masked form; empty when the key is shorter than 12 or absent. */
  keyHint: string;
  updatedAt: string;
  updatedBy: string;
}

/**
 * Where tenants' endpoints are kept (component `tenant_endpoints`), one row per tenant. It holds only
 * sealed values: sealing and opening are TenantEndpoints' work. SQLite and PostgreSQL implement it.
 */
export interface TenantEndpointRows {
  put(row: StoredTenantEndpoint): Promise<void>;
  get(tenant: string): Promise<StoredTenantEndpoint | undefined>;
  /** True when the tenant had a row. */
  remove(tenant: string): Promise<boolean>;
  /** Every tenant's row, by tenant (a key rotation re-seals them). */
  list(): Promise<StoredTenantEndpoint[]>;
  /** Replaces the tenant's sealed value only if it is still `from` (no `set` came in between); true when it did. */
  swapSealed(tenant: string, from: string, to: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The `tenant_endpoints` component's table, version 1 (the same text on both backends). */
export const TENANT_ENDPOINTS_SCHEMA_V1 = `
      CREATE TABLE tenant_model_endpoints (
        tenant TEXT PRIMARY KEY,
        model TEXT NOT NULL,
        sealed TEXT NOT NULL,
        key_hint TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
    `;

export const UPSERT_ENDPOINT_SQL = (p: (n: number) => string) => `
  INSERT INTO tenant_model_endpoints (tenant, model, sealed, key_hint, updated_at, updated_by) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})
  ON CONFLICT (tenant) DO UPDATE SET model = excluded.model, sealed = excluded.sealed, key_hint = excluded.key_hint, updated_at = excluded.updated_at, updated_by = excluded.updated_by`;

export const SELECT_ENDPOINT_SQL = (p: (n: number) => string) =>
  `SELECT tenant, model, sealed, key_hint AS "keyHint", updated_at AS "updatedAt", updated_by AS "updatedBy" FROM tenant_model_endpoints WHERE tenant = ${p(1)}`;

export const LIST_ENDPOINTS_SQL = `SELECT tenant, model, sealed, key_hint AS "keyHint", updated_at AS "updatedAt", updated_by AS "updatedBy" FROM tenant_model_endpoints ORDER BY tenant`;

export const SWAP_SEALED_SQL = (p: (n: number) => string) => `UPDATE tenant_model_endpoints SET sealed = ${p(3)} WHERE tenant = ${p(1)} AND sealed = ${p(2)}`;

export const rowValues = (row: StoredTenantEndpoint): string[] => [row.tenant, row.model, row.sealed, row.keyHint, row.updatedAt, row.updatedBy];
