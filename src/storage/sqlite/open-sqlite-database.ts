import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from '../store-error.js';
import { cachePreparedStatements } from './cache-prepared-statements.js';
import type { Migration } from './component-schema.js';
import { migrateComponent } from './component-schema.js';

/**
 * Opens the embedded database at `path` (`:memory:` for a private one), creating it on first use, and
 * brings `component`'s tables up to date; `prepare()` on it is cached per SQL text. Throws StoreError with a code an operator can act on.
 */
export function openSqliteDatabase(path: string, component: string, migrations: readonly Migration[]): Database.Database {
  let db: Database.Database;
  // SQLite would take an empty file for a new database and seed it: a database truncated to nothing
  // (a full disk, a bad copy) must stop the command instead. Only a path with no file creates one.
  if (path !== ':memory:' && sizeOf(path) === 0 && !(sizeOf(`${path}-wal`) ?? 0)) {
    throw new StoreError('store_corrupt', path, `${path} is empty (0 bytes) where a Waybill database was expected; it was not replaced. Move it aside (or delete it) to start a new database, or point WAYBILL_DB elsewhere`);
  }
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
  } catch (cause) {
    throw new StoreError('store_unavailable', path, `cannot open the Waybill database at ${path}: ${messageOf(cause)}`, { cause });
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
    if (StoreError.isInstance(cause)) throw cause;
    const code = (cause as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new StoreError(
        'store_corrupt',
        path,
        `${path} is not a readable SQLite database (${String(code)}); move it aside or point WAYBILL_DB elsewhere`,
        { cause },
      );
    }
    throw new StoreError('store_unavailable', path, `cannot prepare the Waybill database at ${path}: ${messageOf(cause)}`, { cause });
  }
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
