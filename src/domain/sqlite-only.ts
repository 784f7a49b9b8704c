import { databaseLocation, redactLocation } from './database-location.js';
import { StoreError } from './store-error.js';

/**
 * For the stores that do not have a PostgreSQL implementation yet (API keys, webhooks and one-time
 * links; knowledge documents): their SQLite path, or, when the database is PostgreSQL, a
 * StoreError that says so instead of a file named after the URL.
 */
export function sqliteOnly(location: string, what: string): string {
  const target = databaseLocation(location);
  if (target.kind === 'sqlite') return target.path;
  throw new StoreError('store_unavailable', redactLocation(location), `${what} are not stored in PostgreSQL yet: use a SQLite WAYBILL_DB (or --db) for this command`);
}

/**
 * Where the knowledge base keeps its chunks and vectors: the SQLite file itself, or, with PostgreSQL,
 * a private in-memory SQLite database that each process seeds from the bundled corpus (documents
 * ingested with `waybill kb ingest` are then not shared between processes).
 */
export function knowledgePath(location: string): string {
  const target = databaseLocation(location);
  return target.kind === 'sqlite' ? target.path : ':memory:';
}
