import { databaseLocation } from '../../storage/index.js';
import type { ControlStore } from './control-store.js';
import { SqliteControlStore } from './sqlite-control-store.js';

/** The control store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openControlStore(location: string, now?: () => Date): Promise<ControlStore> {
  const target = databaseLocation(location);
  // Loaded only when named, so a SQLite process never loads the PostgreSQL store or its driver.
  return target.kind === 'postgres' ? (await import('./postgres-control-store.js')).PostgresControlStore.open(target.url, now) : SqliteControlStore.open(target.path, now);
}
