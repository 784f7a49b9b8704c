import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { cachePreparedStatements, holdSqliteFile } from '../../storage/index.js';
import { compressedSerde } from './compressed-serde.js';

/**
 * LangGraph's SqliteSaver on `dbPath` with its statements compiled once (the library calls
 * `db.prepare()` on every `put` and `putWrites`, so its connection gets the same per-SQL-text cache as
 * Waybill's own stores: a wrapper around the connection, not a fork of the library) and its
 * checkpoints deflated (compressed-serde.ts: 0.38x the bytes for about 35 us a checkpoint, issue 36).
 * It runs on the process's connection to the file when a store has it open: its commit then no longer
 * empties the stores' page caches (issue 36). `saver.db.close()` lets go of that hold.
 * Checkpoints written uncompressed before still load.
 */
export function openSqliteSaver(dbPath: string): SqliteSaver {
  // On the stores' connection to the file when they have it open (shared-sqlite-connection.ts).
  const saver = new SqliteSaver(holdSqliteFile(dbPath));
  saver.serde = compressedSerde(saver.serde, 'checkpoint', dbPath);
  cachePreparedStatements(saver.db);
  return saver;
}
