import type Database from 'better-sqlite3';

/** Distinct SQL texts kept per connection; past it the cache starts over (only dynamic SQL gets there). */
const MAX_CACHED_STATEMENTS = 256;

const CACHED = Symbol.for('waybill.cachedPrepare');

/**
 * Makes `db.prepare(sql)` return the statement already compiled for the same SQL text on this
 * connection, so stores (and LangGraph's SqliteSaver, which prepares on every `put`/`putWrites`) stop
 * recompiling their SQL on every call: measured at about 45 prepares per run (issue 22).
 *
 * Safe because better-sqlite3 statements are reusable and synchronous: `run`, `get` and `all` finish
 * before they return. The one exception, a statement still being walked by `iterate()`, reports
 * `busy`; a fresh statement is compiled for that call instead. Callers that switch a statement's mode
 * (`pluck`, `raw`, `expand`) must do so on every use of that SQL text, as the stores do.
 * Idempotent: a connection is patched once. Returns `db`.
 */
export function cachePreparedStatements<T extends Database.Database>(db: T): T {
  const patched = db as T & { [CACHED]?: true };
  if (patched[CACHED]) return db;
  const compile = db.prepare.bind(db) as (sql: string) => Database.Statement;
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    const hit = cache.get(sql);
    if (hit && !hit.busy) return hit;
    const statement = compile(sql);
    if (hit) return statement;
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    cache.set(sql, statement);
    return statement;
  };
  Object.defineProperty(db, 'prepare', { value: prepare, configurable: true, writable: true });
  Object.defineProperty(db, CACHED, { value: true });
  return db;
}
