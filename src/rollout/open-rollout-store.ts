import { databaseLocation } from '../storage/index.js';
import type { RolloutStore } from './rollout-store.js';
import { SqliteRolloutStore } from './sqlite-rollout-store.js';

/** The rollout store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openRolloutStore(location: string, now?: () => Date): Promise<RolloutStore> {
  const target = databaseLocation(location);
  // The PostgreSQL store (with its audit chain and domain schema) loads only when named: a SQLite process never loads it.
  if (target.kind === 'postgres') return (await import('./postgres-rollout-store.js')).PostgresRolloutStore.open(target.url, now);
  return SqliteRolloutStore.open(target.path, now);
}
