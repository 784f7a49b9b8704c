import { databaseLocation } from '../storage/index.js';
import type { KnowledgeStore } from './knowledge-store.js';
import { PostgresKnowledgeStore } from './postgres-knowledge-store.js';
import { SqliteKnowledgeStore } from './sqlite-knowledge-store.js';

/**
 * The knowledge store at `location`: a SQLite path (`:memory:` for a private one) or a `postgres://`
 * URL; throws StoreError when unusable.
 */
export async function openKnowledgeStore(location: string): Promise<KnowledgeStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresKnowledgeStore.open(target.url) : SqliteKnowledgeStore.open(target.path);
}
