import type Database from 'better-sqlite3';
import { StoreError } from '../store-error.js';

/** One step of a component's schema: applied once, in order, inside the opening transaction. */
export type Migration = (db: Database.Database) => void;

/**
 * Several Waybill components (domain, control, later checkpoints and runs) share one SQLite file; each
 * keeps its own schema version in `waybill_schema`, so each migrates independently. A file with tables
 * but no `waybill_schema` belongs to something else and is refused rather than written into.
 */
export function migrateComponent(
  db: Database.Database,
  path: string,
  component: string,
  migrations: readonly Migration[],
): void {
  const latest = migrations.length;
  db.transaction(() => {
    const hasRegistry = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'waybill_schema'").get();
    if (!hasRegistry) {
      const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
      if (tables.n > 0) throw new StoreError('store_foreign', path, `${path} is a SQLite database but not a Waybill one; point WAYBILL_DB elsewhere`);
      db.exec('CREATE TABLE waybill_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    }
    const row = db.prepare('SELECT version FROM waybill_schema WHERE component = ?').get(component) as { version: number } | undefined;
    const current = row?.version ?? 0;
    if (current > latest) {
      throw new StoreError(
        'store_version_unsupported',
        path,
        `${path} has ${component} schema version ${current}; this Waybill understands up to ${latest}: upgrade Waybill`,
      );
    }
    for (let version = current + 1; version <= latest; version += 1) migrations[version - 1]?.(db);
    if (current < latest) {
      db.prepare('INSERT INTO waybill_schema (component, version) VALUES (?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version').run(component, latest);
    }
  }).immediate(); // IMMEDIATE takes the write lock first, so two processes opening a new file migrate it once.
}
