import { databaseLocation } from '../storage/index.js';
import { PostgresRunStore } from './postgres-run-store.js';
import type { RunStore } from './run-store.js';
import { SqliteRunStore } from './sqlite-run-store.js';

/** The run store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openRunStore(location: string, now?: () => Date): Promise<RunStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresRunStore.open(target.url, now) : SqliteRunStore.open(target.path, now);
}
