import { resolve } from 'node:path';
import type Database from 'better-sqlite3';

interface SharedConnection {
  db: Database.Database;
  holds: number;
}

// Every store of a process on one SQLite file, and LangGraph's checkpointer, share one connection
// (issue 36), as PostgreSQL stores share one pool per URL. With a connection each, every commit of one
// store made every other connection drop its whole page cache at its next statement (SQLite in WAL
// mode resets a connection's cache when the WAL changed under it), so a run re-read about 55 pages a
// run with pread and took 50 more file locks than one connection does. Sharing is safe in one
// process: better-sqlite3 is synchronous, a transaction is one synchronous function (it cannot span
// an await, so two stores' transactions never interleave), and a transaction opened inside another
// becomes a savepoint of it. Keyed by the resolved path; `:memory:` and '' are private by definition.
const shared = new Map<string, SharedConnection>();

/** The connection each hold stands for (a store's writes ride in another's transaction only on one connection). */
const CONNECTION_OF = new WeakMap<Database.Database, Database.Database>();

/** The connection `db` is a hold on (shared by the process's stores on its file), or `db` itself when it is no hold. */
export function connectionOf(db: Database.Database): Database.Database {
  return CONNECTION_OF.get(db) ?? db;
}

/** Whether `path` names a file that connections to it may share (`:memory:` and '' are private databases). */
function isShareablePath(path: string): boolean {
  return path !== ':memory:' && path !== '';
}

/** The open connection this process holds on `path`, if any. */
export function sharedConnectionOn(path: string): Database.Database | undefined {
  const entry = isShareablePath(path) ? shared.get(resolve(path)) : undefined;
  return entry?.db.open ? entry.db : undefined;
}

/**
 * A hold on `db`, the process's connection for `path` (registered with its first hold): an object
 * that is the connection for every use (prepare, exec, transaction, pragma) until it is closed.
 * `close()` lets go of this hold once (a second call does nothing); from then on `open` reads false
 * and every method throws as a closed connection's do, whoever else still holds the connection, so a
 * closed store writes nothing, as before. The last hold closes the connection. A `:memory:` or ''
 * connection is returned as it is, unshared.
 */
export function holdSqliteConnection(path: string, db: Database.Database): Database.Database {
  if (!isShareablePath(path)) return db;
  const key = resolve(path);
  let entry = shared.get(key);
  if (!entry || entry.db !== db) {
    entry = { db, holds: 0 };
    shared.set(key, entry);
  }
  const held = entry;
  held.holds += 1;
  let released = false;
  const handle = Object.create(db) as Database.Database;
  for (const name of METHODS) {
    const method = (db as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
    if (typeof method !== 'function') continue;
    Object.defineProperty(handle, name, {
      value: (...args: unknown[]) => {
        if (released) throw new TypeError('The database connection is not open');
        return method.apply(db, args);
      },
    });
  }
  CONNECTION_OF.set(handle, db);
  Object.defineProperty(handle, 'open', { get: () => !released && db.open, enumerable: true });
  Object.defineProperty(handle, 'close', {
    value: () => {
      if (released) return handle;
      released = true;
      held.holds -= 1;
      if (held.holds > 0) return handle;
      if (shared.get(key) === held) shared.delete(key);
      if (db.open) db.close();
      return handle;
    },
  });
  return handle;
}

// better-sqlite3's Database methods other than `close` (which a hold has its own of).
const METHODS = ['prepare', 'transaction', 'pragma', 'backup', 'serialize', 'function', 'aggregate', 'table', 'loadExtension', 'exec', 'defaultSafeIntegers', 'unsafeMode'] as const;
