import type { Pool } from 'pg';

/** What every PostgreSQL store holds: its own pool, its clock, and a `close()` that ends the pool once. */
export abstract class PostgresStore {
  protected readonly pool: Pool;
  protected readonly now: () => Date;
  #closed = false;

  constructor(pool: Pool, now: () => Date = () => new Date()) {
    this.pool = pool;
    this.now = now;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}
