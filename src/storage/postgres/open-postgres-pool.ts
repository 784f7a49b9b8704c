import { redactLocation } from '../database-location.js';
import { StoreError } from '../store-error.js';
import { migratePostgresComponent } from './migrate-postgres-component.js';
import type { PostgresMigration } from './postgres-migration.js';
import { holdPostgresPool, poolOfHold, type PostgresPool, type PostgresPoolHold } from './shared-postgres-pool.js';

/**
 * Takes a hold on this process's connection pool to the PostgreSQL database at `url` (one per URL,
 * shared by every store: `holdPostgresPool`) and brings `component`'s tables up to date. The schema
 * is the one the URL's `search_path` selects (`?options=-c%20search_path%3Dname`), by default
 * `public`. The returned pool's `end()` lets go of this hold only. Throws StoreError
 * `store_unavailable` (cannot connect) or `store_version_unsupported` (written by a newer Waybill),
 * with the password redacted.
 */
export async function openPostgresPool(url: string, component: string, migrations: readonly PostgresMigration[]): Promise<PostgresPool> {
  let hold: PostgresPoolHold;
  try {
    hold = await holdPostgresPool(url);
  } catch (cause) {
    throw new StoreError('store_unavailable', redactLocation(url), `${redactLocation(url)} is not a usable PostgreSQL URL: ${messageOf(cause)}`, { cause });
  }
  try {
    await migratePostgresComponent(hold.pool, url, component, migrations);
    return poolOfHold(hold);
  } catch (cause) {
    await hold.release().catch(() => undefined);
    if (StoreError.isInstance(cause)) throw cause;
    throw new StoreError('store_unavailable', redactLocation(url), `cannot prepare the Waybill database at ${redactLocation(url)}: ${messageOf(cause)}`, { cause });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
