import type { Stats } from 'node:fs';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from '../store-error.js';
import { cachePreparedStatements } from './cache-prepared-statements.js';
import type { Migration } from './component-schema.js';
import { migrateComponent } from './component-schema.js';
import { holdSqliteConnection, sharedConnectionOn } from './shared-sqlite-connection.js';
import { makeDirectory } from '../make-directory.js';

/**
 * Opens the embedded database at `path` (`:memory:` for a private one), creating it on first use, and
 * brings `component`'s tables up to date; `prepare()` on it is cached per SQL text. A file this process
 * already has open is not opened again: the store gets a hold on the process's connection to it
 * (shared-sqlite-connection.ts), whose `close()` lets go of that hold. Throws StoreError with a code an
 * operator can act on.
 */
export function openSqliteDatabase(path: string, component: string, migrations: readonly Migration[]): Database.Database {
  const open = sharedConnectionOn(path);
  if (open) {
    try {
      migrateComponent(open, path, component, migrations);
    } catch (cause) {
      throw storeErrorOf(cause, path);
    }
    return holdSqliteConnection(path, open);
  }
  return holdSqliteConnection(path, openSqliteConnection(path, component, migrations));
}

/**
 * For LangGraph's checkpointer (it keeps its own tables, no component of Waybill's): a hold on this
 * process's connection to the file at `path` when a store has it open, else a connection of its own
 * as the library would open it (`new Database(path)`). The shared connection's pragmas are what
 * better-sqlite3 gives a new connection in WAL mode anyway (busy timeout 5 s, foreign keys on,
 * `synchronous` NORMAL), so the checkpointer's commits are as durable as on a connection of its own.
 */
export function holdSqliteFile(path: string): Database.Database {
  const open = sharedConnectionOn(path);
  return open ? holdSqliteConnection(path, open) : new Database(path);
}

// One new connection to the file at `path` (or a private `:memory:` database) with Waybill's pragmas,
// and `component` migrated.
function openSqliteConnection(path: string, component: string, migrations: readonly Migration[]): Database.Database {
  let db: Database.Database;
  // SQLite's own word for a directory is "unable to open database file", which names no cause.
  if (path !== ':memory:' && statOf(path)?.isDirectory()) {
    throw new StoreError('store_unavailable', path, `${path} is a directory, not a Waybill database file; point WAYBILL_DB (or --db) at a file, such as ${join(path, 'waybill.db')}`);
  }
  // SQLite would take an empty file for a new database and seed it: a database truncated to nothing
  // (a full disk, a bad copy) must stop the command instead. Only a path with no file creates one.
  if (path !== ':memory:' && statOf(path)?.size === 0 && !(statOf(`${path}-wal`)?.size ?? 0)) {
    throw new StoreError('store_corrupt', path, `${path} is empty (0 bytes) where a Waybill database was expected; it was not replaced. Move it aside (or delete it) to start a new database, or point WAYBILL_DB elsewhere`);
  }
  try {
    if (path !== ':memory:') makeDirectory(dirname(path));
    db = new Database(path);
  } catch (cause) {
    // SQLite's "unable to open database file" does not say which part of the path is at fault.
    const hint = (cause as { code?: unknown }).code === 'SQLITE_CANTOPEN' ? ` (check that ${dirname(path)} is a directory this user can read and write)` : '';
    throw new StoreError('store_unavailable', path, `cannot open the Waybill database at ${path}: ${messageOf(cause)}${hint}`, { cause });
  }
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrateComponent(db, path, component, migrations);
    // Every store compiles each SQL text once per connection (issue 22).
    return cachePreparedStatements(db);
  } catch (cause) {
    db.close();
    throw storeErrorOf(cause, path);
  }
}

function storeErrorOf(cause: unknown, path: string): StoreError {
  if (StoreError.isInstance(cause)) return cause;
  const code = (cause as { code?: unknown }).code;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new StoreError('store_corrupt', path, `${path} is not a readable SQLite database (${String(code)}); move it aside or point WAYBILL_DB elsewhere`, { cause });
  }
  return new StoreError('store_unavailable', path, `cannot prepare the Waybill database at ${path}: ${messageOf(cause)}`, { cause });
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
