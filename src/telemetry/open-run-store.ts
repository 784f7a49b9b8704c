import { databaseLocation } from '../storage/index.js';
import type { RunStore } from './run-store.js';
import { SqliteRunStore } from './sqlite-run-store.js';

/** The run store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openRunStore(location: string, now?: () => Date): Promise<RunStore> {
  const target = databaseLocation(location);
  // Loaded only when named, so a SQLite process never loads the PostgreSQL store or its driver.
  return target.kind === 'postgres' ? (await import('./postgres-run-store.js')).PostgresRunStore.open(target.url, now) : SqliteRunStore.open(target.path, now);
}
