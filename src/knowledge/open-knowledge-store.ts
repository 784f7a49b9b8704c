import { databaseLocation } from '../storage/index.js';
import type { KnowledgeStore } from './knowledge-store.js';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.js';

/**
 * The knowledge store at `location`: a SQLite path (`:memory:` for a private one) or a `postgres://`
 * URL; throws StoreError when unusable.
 */
export async function openKnowledgeStore(location: string): Promise<KnowledgeStore> {
  const target = databaseLocation(location);
  // Loaded only when named, so a SQLite process never loads the PostgreSQL store or its driver.
  return target.kind === 'postgres' ? (await import('./postgres-knowledge-store.js')).PostgresKnowledgeStore.open(target.url) : SqliteKnowledgeStore.open(target.path);
}
