import type { CompanionWrite } from '../companion-write.js';
import type { PostgresPool } from './shared-postgres-pool.js';

/** What every PostgreSQL store holds: its hold on the process's pool, its clock, and a `close()` that lets go of the hold once. */
export abstract class PostgresStore {
  protected readonly pool: PostgresPool;
  protected readonly now: () => Date;
  #closed = false;

  constructor(pool: PostgresPool, now: () => Date = () => new Date()) {
    this.pool = pool;
    this.now = now;
  }

  /** This store's statements (WITH clauses, parameters from `first`) for another store's statement; undefined when its pool cannot tell its database. */
  protected companionWrite(clauses: (first: number) => string[], values: readonly unknown[]): CompanionWrite | undefined {
    const database = this.pool.database;
    return database === undefined ? undefined : { kind: 'statement', database, clauses, values };
  }

  /** Whether `write` is for this store's database, so it can ride in one of this store's statements. */
  carries(write: CompanionWrite): boolean {
    return write.kind === 'statement' && this.pool.database !== undefined && write.database === this.pool.database;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}
