import type { Pool } from 'pg';
import { redactLocation } from '../database-location.js';
import { StoreError } from '../store-error.js';
import { migratePostgresComponent } from './migrate-postgres-component.js';
import type { PostgresMigration } from './postgres-migration.js';

/** Connections per store: a run keeps a few queries in flight at most, and several stores share a server. */
const POOL_SIZE = 4;

/**
 * Opens a connection pool to the PostgreSQL database at `url` and brings `component`'s tables up to
 * date. The schema is the one the URL's `search_path` selects (`?options=-c%20search_path%3Dname`),
 * by default `public`. Throws StoreError `store_unavailable` (cannot connect) or
 * `store_version_unsupported` (written by a newer Waybill), with the password redacted.
 */
export async function openPostgresPool(url: string, component: string, migrations: readonly PostgresMigration[]): Promise<Pool> {
  // The driver loads with the first PostgreSQL store: a SQLite process never loads it.
  const { default: pg } = await import('pg');
  let pool: Pool;
  try {
    pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  } catch (cause) {
    throw new StoreError('store_unavailable', redactLocation(url), `${redactLocation(url)} is not a usable PostgreSQL URL: ${messageOf(cause)}`, { cause });
  }
  // An idle connection the server drops must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await migratePostgresComponent(pool, url, component, migrations);
    return pool;
  } catch (cause) {
    await pool.end().catch(() => undefined);
    if (StoreError.isInstance(cause)) throw cause;
    throw new StoreError('store_unavailable', redactLocation(url), `cannot prepare the Waybill database at ${redactLocation(url)}: ${messageOf(cause)}`, { cause });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
