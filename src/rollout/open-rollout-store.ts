import { databaseLocation } from '../storage/index.js';
import { PostgresRolloutStore } from './postgres-rollout-store.js';
import type { RolloutStore } from './rollout-store.js';
import { SqliteRolloutStore } from './sqlite-rollout-store.js';

/** The rollout store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openRolloutStore(location: string, now?: () => Date): Promise<RolloutStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresRolloutStore.open(target.url, now) : SqliteRolloutStore.open(target.path, now);
}
