import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { cachePreparedStatements } from '../../storage/index.js';

/**
 * LangGraph's SqliteSaver on `dbPath` with its statements compiled once: the library calls
 * `db.prepare()` on every `put` and `putWrites`, so its connection gets the same per-SQL-text cache
 * as Waybill's own stores (a wrapper around the connection, not a fork of the library).
 */
export function openSqliteSaver(dbPath: string): SqliteSaver {
  const saver = SqliteSaver.fromConnString(dbPath);
  cachePreparedStatements(saver.db);
  return saver;
}
