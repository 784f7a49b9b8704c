import { databaseLocation } from '../../storage/index.js';
import type { ControlStore } from './control-store.js';
import { PostgresControlStore } from './postgres-control-store.js';
import { SqliteControlStore } from './sqlite-control-store.js';

/** The control store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openControlStore(location: string, now?: () => Date): Promise<ControlStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresControlStore.open(target.url, now) : SqliteControlStore.open(target.path, now);
}
