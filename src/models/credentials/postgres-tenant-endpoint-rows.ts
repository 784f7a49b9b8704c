import type { PostgresMigration } from '../../storage/index.js';
import { openPostgresPool, PostgresStore } from '../../storage/index.js';
import type { StoredTenantEndpoint, TenantEndpointRows } from './tenant-endpoint-rows.js';
import { LIST_ENDPOINTS_SQL, rowValues, SELECT_ENDPOINT_SQL, SWAP_SEALED_SQL, TENANT_ENDPOINTS_SCHEMA_V1, UPSERT_ENDPOINT_SQL } from './tenant-endpoint-rows.js';

/** The same version and table as SQLite's `tenant_endpoints` component. */
const MIGRATIONS: readonly PostgresMigration[] = [TENANT_ENDPOINTS_SCHEMA_V1];
const mark = (n: number) => `$${n}`;

/** Tenants' sealed endpoints in PostgreSQL, shared by every server and worker. */
export class PostgresTenantEndpointRows extends PostgresStore implements TenantEndpointRows {
  /** Connects to `url` and migrates the `tenant_endpoints` component; throws StoreError. */
  static async open(url: string): Promise<PostgresTenantEndpointRows> {
    return new PostgresTenantEndpointRows(await openPostgresPool(url, 'tenant_endpoints', MIGRATIONS));
  }

  async put(row: StoredTenantEndpoint): Promise<void> {
    await this.pool.query(UPSERT_ENDPOINT_SQL(mark), rowValues(row));
  }

  async get(tenant: string): Promise<StoredTenantEndpoint | undefined> {
    return (await this.pool.query<StoredTenantEndpoint>(SELECT_ENDPOINT_SQL(mark), [tenant])).rows[0];
  }

  async remove(tenant: string): Promise<boolean> {
    return ((await this.pool.query('DELETE FROM tenant_model_endpoints WHERE tenant = $1', [tenant])).rowCount ?? 0) === 1;
  }

  async list(): Promise<StoredTenantEndpoint[]> {
    return (await this.pool.query<StoredTenantEndpoint>(LIST_ENDPOINTS_SQL)).rows;
  }

  async swapSealed(tenant: string, from: string, to: string): Promise<boolean> {
    return ((await this.pool.query(SWAP_SEALED_SQL(mark), [tenant, from, to])).rowCount ?? 0) === 1;
  }
}
