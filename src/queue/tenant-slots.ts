import type pg from 'pg';
import { holdPostgresPool } from '../storage/postgres/shared-postgres-pool.js';
import { withTransaction } from '../storage/postgres/with-transaction.js';

/**
 * Per-tenant concurrency across every worker, kept in PostgreSQL: one row per job running, with a lease
 * so a killed worker's rows lapse on their own. `acquire` counts and inserts under a per-tenant
 * transaction-scoped advisory lock, so two workers can never both take the last slot.
 */
export interface TenantSlots {
  /** Takes one of `tenant`'s slots for `holder` (a job id); false when all `limit` are taken. */
  acquire(tenant: string, holder: string): Promise<boolean>;
  /** Extends the holder's lease (called with the job's lease renewal). */
  renew(holder: string): Promise<void>;
  release(holder: string): Promise<void>;
  close(): Promise<void>;
}

export interface TenantSlotOptions {
  /** pg-boss's schema; the slot table sits beside its tables. */
  schema: string;
  /** Runs at once per tenant, across workers. */
  limit: number;
  leaseSeconds: number;
}

/** Opens the slot table (created on first use) in `options.schema` of the database at `url`. */
export async function openTenantSlots(url: string, options: TenantSlotOptions): Promise<TenantSlots> {
  const { schema, limit, leaseSeconds } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`the per-tenant limit must be a whole number of at least 1, got ${limit}`);
  const table = `${schema}.waybill_tenant_slots`;
  // On the process's pool for this URL, shared with the queue and the stores.
  const hold = await holdPostgresPool(url);
  const pool = hold.pool;
  try {
    // Serialised: two workers starting together would otherwise race on CREATE TABLE's catalog rows.
    await withTransaction(pool, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [table]);
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (holder TEXT PRIMARY KEY, tenant TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`);
    });
  } catch (error) {
    await hold.release();
    throw error;
  }
  return {
    async acquire(tenant, holder) {
      // One round trip (it was six): the transaction is one simple-protocol query, its values escaped
      // literals. The count runs after the lock in its own statement, so it sees every slot a worker
      // that held the lock before committed; expired rows are left out of it and then deleted.
      const tx = await pool.connect();
      const tenantLiteral = tx.escapeLiteral(tenant);
      const holderLiteral = tx.escapeLiteral(holder);
      try {
        const results = (await tx.query(
          `BEGIN;
           SELECT pg_advisory_xact_lock(hashtext(${tx.escapeLiteral(`${table}:${tenant}`)}));
           DELETE FROM ${table} WHERE tenant = ${tenantLiteral} AND expires_at < now();
           INSERT INTO ${table} (holder, tenant, expires_at)
             SELECT ${holderLiteral}, ${tenantLiteral}, now() + ${leaseSeconds} * interval '1 second'
             WHERE (SELECT count(*) FROM ${table} WHERE tenant = ${tenantLiteral} AND holder <> ${holderLiteral} AND expires_at >= now()) < ${limit}
           ON CONFLICT (holder) DO UPDATE SET expires_at = EXCLUDED.expires_at
           RETURNING holder;
           COMMIT`,
        )) as unknown as pg.QueryResult[];
        return (results[3]?.rowCount ?? 0) === 1;
      } catch (error) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        tx.release();
      }
    },
    async renew(holder) {
      await pool.query({ name: 'waybill-slot-renew', text: `UPDATE ${table} SET expires_at = now() + $2::int * interval '1 second' WHERE holder = $1`, values: [holder, leaseSeconds] });
    },
    async release(holder) {
      await pool.query({ name: 'waybill-slot-release', text: `DELETE FROM ${table} WHERE holder = $1`, values: [holder] });
    },
    close: () => hold.release(),
  };
}
