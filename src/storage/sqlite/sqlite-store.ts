import type Database from 'better-sqlite3';
import type { CompanionWrite } from '../companion-write.js';
import { connectionOf } from './shared-sqlite-connection.js';

/** What every SQLite store holds: its hold on the process's connection to its file (shared-sqlite-connection.ts), its clock, and a `close()` that may run twice. */
export abstract class SqliteStore {
  protected readonly db: Database.Database;
  protected readonly now: () => Date;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  /** This store's statements (`apply`, run synchronously) for another store's transaction on the same connection. */
  protected companionWrite(apply: () => void): CompanionWrite {
    return { kind: 'transaction', database: connectionOf(this.db), apply };
  }

  /** Whether `write` is for this store's connection, so it can run inside one of this store's transactions. */
  carries(write: CompanionWrite): boolean {
    return write.kind === 'transaction' && write.database === connectionOf(this.db);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
