import type Database from 'better-sqlite3';

/** What every SQLite store holds: its own connection, its clock, and a `close()` that may run twice. */
export abstract class SqliteStore {
  protected readonly db: Database.Database;
  protected readonly now: () => Date;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
