import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { MemorySaver } from '@langchain/langgraph';
import { StoreError } from '../../domain/index.js';
import { databaseLocation, holdPostgresPool, postgresApplicationName, postgresSchemaOf, redactLocation } from '../../storage/index.js';
import { compressedSerde } from './compressed-serde.js';
import { openSqliteSaver } from './open-sqlite-saver.js';

/** A checkpointer and how to let go of its connection. */
export interface OpenedCheckpointer {
  saver: BaseCheckpointSaver;
  close(): Promise<void>;
}

/**
 * The LangGraph checkpointer for a database location: the official PostgreSQL saver (in the URL's
 * schema; a checkpoint written in one statement, one-statement-postgres-saver.ts) for a `postgres://` URL, the SQLite saver for a file, memory for `:memory:`. The PostgreSQL
 * saver's `setup()` creates its tables with plain CREATE IF NOT EXISTS, which races when two processes
 * start together, so it runs under a session advisory lock. Both savers deflate the bulk of what they
 * store (compressed-serde.ts) and read what LangGraph's default serializer wrote.
 */
export async function openCheckpointer(location: string): Promise<OpenedCheckpointer> {
  const target = databaseLocation(location);
  if (target.kind === 'sqlite') {
    if (target.path === ':memory:') return { saver: new MemorySaver(), close: async () => undefined };
    // Statements compiled once (open-sqlite-saver.ts).
    const saver = openSqliteSaver(target.path);
    return { saver, close: async () => void saver.db.close() };
  }
  const schema = postgresSchemaOf(target.url);
  const [{ OneStatementPostgresSaver }, { default: pg }] = await Promise.all([import('./one-statement-postgres-saver.js'), import('pg')]);
  // The saver runs on the process's pool for this URL (shared with the stores); closing lets go of the hold.
  const hold = await holdPostgresPool(target.url);
  const saver = new OneStatementPostgresSaver(hold.pool, undefined, { schema });
  saver.serde = compressedSerde(saver.serde, 'arrays', redactLocation(target.url));
  try {
    // The lock is held on a connection of its own, not the pool's: a second opening waiting on it
    // must not hold a pooled connection the first one's setup() needs.
    const lock = new pg.Client({ connectionString: target.url, application_name: postgresApplicationName() });
    lock.on('error', () => undefined);
    await lock.connect();
    try {
      await lock.query("SELECT pg_advisory_lock(hashtext('waybill_checkpoints:' || $1))", [schema]);
      await saver.setup();
    } finally {
      // Ending the session releases its advisory lock.
      await lock.end().catch(() => undefined);
    }
  } catch (cause) {
    await hold.release().catch(() => undefined);
    throw new StoreError('store_unavailable', redactLocation(target.url), `cannot prepare LangGraph checkpoints at ${redactLocation(target.url)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  return { saver, close: () => hold.release() };
}
