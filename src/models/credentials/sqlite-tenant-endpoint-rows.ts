import type { Migration } from '../../storage/index.js';
import { openSqliteDatabase, SqliteStore } from '../../storage/index.js';
import type { StoredTenantEndpoint, TenantEndpointRows } from './tenant-endpoint-rows.js';
import { LIST_ENDPOINTS_SQL, rowValues, SELECT_ENDPOINT_SQL, SWAP_SEALED_SQL, TENANT_ENDPOINTS_SCHEMA_V1, UPSERT_ENDPOINT_SQL } from './tenant-endpoint-rows.js';

/** Changelog: 1 — one sealed endpoint per tenant. */
const MIGRATIONS: readonly Migration[] = [(db) => db.exec(TENANT_ENDPOINTS_SCHEMA_V1)];
const mark = () => '?';

/** Tenants' sealed endpoints in the embedded SQLite file. */
export class SqliteTenantEndpointRows extends SqliteStore implements TenantEndpointRows {
  static open(path: string): SqliteTenantEndpointRows {
    return new SqliteTenantEndpointRows(openSqliteDatabase(path, 'tenant_endpoints', MIGRATIONS));
  }

  async put(row: StoredTenantEndpoint): Promise<void> {
    this.db.prepare(UPSERT_ENDPOINT_SQL(mark)).run(...rowValues(row));
  }

  async get(tenant: string): Promise<StoredTenantEndpoint | undefined> {
    return this.db.prepare(SELECT_ENDPOINT_SQL(mark)).get(tenant) as StoredTenantEndpoint | undefined;
  }

  async remove(tenant: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM tenant_model_endpoints WHERE tenant = ?').run(tenant).changes === 1;
  }

  async list(): Promise<StoredTenantEndpoint[]> {
    return this.db.prepare(LIST_ENDPOINTS_SQL).all() as StoredTenantEndpoint[];
  }

  async swapSealed(tenant: string, from: string, to: string): Promise<boolean> {
    // `?` marks bind in the order they appear: the new value first.
    return this.db.prepare(SWAP_SEALED_SQL(mark)).run(to, tenant, from).changes === 1;
  }
}
