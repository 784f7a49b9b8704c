import type { Pool } from 'pg';

/**
 * What a store uses of a pool: queries, a connection for a transaction, and `end()`, which lets go of
 * this store's hold (the process's pool closes with its last holder).
 */
export type PostgresPool = Pick<Pool, 'query' | 'connect'> & {
  end(): Promise<void>;
  /** The process's pool behind this hold (one per URL): two stores with the same one are on one database. */
  readonly database?: object;
};

/** A hold on the process's pool for one URL: the pool itself (for a library that needs a `pg.Pool`) and how to let go. */
export interface PostgresPoolHold {
  readonly pool: Pool;
  /** Lets go once (later calls do nothing); the last hold on a URL ends its pool. */
  release(): Promise<void>;
}

/** Connections a process keeps to one database when `WAYBILL_PG_POOL_SIZE` is unset. */
export const DEFAULT_POSTGRES_POOL_SIZE = 10;

interface SharedEntry {
  pool: Pool;
  holds: number;
}

// Every store, the checkpointer and the queue of a process share one pool per database URL (issue 36: a
// pool per store held about 28 connections per worker, and four workers beside other clients passed the
// server's 100). Keyed by the whole URL: the schema is in it (search_path), so two schemas never share.
const shared = new Map<string, SharedEntry>();

/**
 * `WAYBILL_PG_POOL_SIZE` (2 to 100) or the default. At least 2: with one, every query of a process
 * (a lease renewal, a queue poll) would wait behind each transaction in flight; the store and queue
 * suites pass at 2. A bad value is named, not ignored.
 */
export function postgresPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WAYBILL_PG_POOL_SIZE;
  if (raw === undefined || raw === '') return DEFAULT_POSTGRES_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 2 || size > 100) throw new RangeError(`WAYBILL_PG_POOL_SIZE must be a whole number of connections from 2 to 100, got "${raw}"`);
  return size;
}

/**
 * Takes a hold on this process's pool for `url`, creating it (at `postgresPoolSize()` connections,
 * opened as needed) with the first hold. Connecting is lazy: an unreachable server shows at the first
 * query. The pool names itself `waybill` in `pg_stat_activity` unless `PGAPPNAME` or the URL's
 * `application_name` says otherwise. Throws RangeError for a bad `WAYBILL_PG_POOL_SIZE`, and what
 * node-postgres throws for a URL it cannot parse.
 */
export async function holdPostgresPool(url: string): Promise<PostgresPoolHold> {
  let entry = shared.get(url);
  if (!entry) {
    const max = postgresPoolSize();
    // The driver loads with the first PostgreSQL store: a SQLite process never loads it.
    const { default: pg } = await import('pg');
    // Another hold may have created it while the driver loaded.
    entry = shared.get(url);
    if (!entry) {
      const pool = new pg.Pool({ connectionString: url, max, application_name: postgresApplicationName() });
      // An idle connection the server drops must not crash the process; the next query reconnects.
      pool.on('error', () => undefined);
      entry = { pool, holds: 0 };
      shared.set(url, entry);
    }
  }
  const held = entry;
  held.holds += 1;
  let released = false;
  return {
    pool: held.pool,
    async release() {
      if (released) return;
      released = true;
      held.holds -= 1;
      if (held.holds > 0) return;
      if (shared.get(url) === held) shared.delete(url);
      await held.pool.end();
    },
  };
}

/**
 * The `application_name` Waybill's connections give PostgreSQL: `PGAPPNAME` when set (so one process's
 * connections can be told apart in `pg_stat_activity`), else `fallback`. A URL's own
 * `application_name` parameter overrides both.
 */
export function postgresApplicationName(fallback = 'waybill'): string {
  return process.env.PGAPPNAME || fallback;
}

/** The store's view of a hold: the pool's `query` and `connect`, and `end()` releasing the hold. */
export function poolOfHold(hold: PostgresPoolHold): PostgresPool {
  return { query: hold.pool.query.bind(hold.pool), connect: hold.pool.connect.bind(hold.pool), end: () => hold.release(), database: hold.pool };
}
