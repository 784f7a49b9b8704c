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

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}
