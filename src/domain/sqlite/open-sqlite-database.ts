import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from '../store-error.js';
import { DOMAIN_SCHEMA_VERSION, migrateAndSeed } from './sqlite-schema.js';

/**
 * Opens (creating, migrating and seeding on first use) the embedded domain database at `path`
 * (`:memory:` for a private one). Throws StoreError with a code an operator can act on.
 */
export function openSqliteDatabase(path: string): Database.Database {
  let db: Database.Database;
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
    // IMMEDIATE takes the write lock up front, so two processes opening a new file seed it once.
    db.transaction(() => prepareSchema(db, path)).immediate();
    return db;
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

function prepareSchema(db: Database.Database, path: string): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > DOMAIN_SCHEMA_VERSION) {
    throw new StoreError(
      'store_version_unsupported',
      path,
      `${path} has domain schema version ${version}; this Waybill understands up to ${DOMAIN_SCHEMA_VERSION}: upgrade Waybill`,
    );
  }
  if (version === DOMAIN_SCHEMA_VERSION) return;
  if (version === 0) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n > 0) {
      throw new StoreError('store_foreign', path, `${path} is a SQLite database but not a Waybill one; point WAYBILL_DB elsewhere`);
    }
  }
  migrateAndSeed(db, version);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
