import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { MemorySaver } from '@langchain/langgraph';
import { StoreError } from '../../domain/index.js';
import { databaseLocation, postgresSchemaOf, redactLocation } from '../../storage/index.js';
import { compressedSerde } from './compressed-serde.js';
import { openSqliteSaver } from './open-sqlite-saver.js';

/** A checkpointer and how to let go of its connection. */
export interface OpenedCheckpointer {
  saver: BaseCheckpointSaver;
  close(): Promise<void>;
}

/**
 * The LangGraph checkpointer for a database location: the official PostgreSQL saver (in the URL's
 * schema) for a `postgres://` URL, the SQLite saver for a file, memory for `:memory:`. The PostgreSQL
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
  const [{ PostgresSaver }, { default: pg }] = await Promise.all([import('@langchain/langgraph-checkpoint-postgres'), import('pg')]);
  const pool = new pg.Pool({ connectionString: target.url, max: 4 });
  pool.on('error', () => undefined);
  const saver = new PostgresSaver(pool, undefined, { schema });
  saver.serde = compressedSerde(saver.serde, 'arrays', redactLocation(target.url));
  try {
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock(hashtext('waybill_checkpoints:' || $1))", [schema]);
      await saver.setup();
    } finally {
      await lock.query("SELECT pg_advisory_unlock(hashtext('waybill_checkpoints:' || $1))", [schema]).catch(() => undefined);
      lock.release();
    }
  } catch (cause) {
    await pool.end().catch(() => undefined);
    throw new StoreError('store_unavailable', redactLocation(target.url), `cannot prepare LangGraph checkpoints at ${redactLocation(target.url)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  return { saver, close: () => pool.end() };
}
