import pg from 'pg';

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
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'waybill-tenant-slots' });
  pool.on('error', () => undefined);
  const client = await pool.connect();
  try {
    // Serialised: two workers starting together would otherwise race on CREATE TABLE's catalog rows.
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [table]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (holder TEXT PRIMARY KEY, tenant TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL)`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await pool.end();
    throw error;
  } finally {
    client.release();
  }
  return {
    async acquire(tenant, holder) {
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${table}:${tenant}`]);
        await tx.query(`DELETE FROM ${table} WHERE tenant = $1 AND expires_at < now()`, [tenant]);
        const { rows } = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE tenant = $1 AND holder <> $2`, [tenant, holder]);
        const free = Number(rows[0]?.n ?? 0) < limit;
        if (free) {
          await tx.query(
            `INSERT INTO ${table} (holder, tenant, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 second')
             ON CONFLICT (holder) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
            [holder, tenant, leaseSeconds],
          );
        }
        await tx.query('COMMIT');
        return free;
      } catch (error) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        tx.release();
      }
    },
    async renew(holder) {
      await pool.query(`UPDATE ${table} SET expires_at = now() + $2::int * interval '1 second' WHERE holder = $1`, [holder, leaseSeconds]);
    },
    async release(holder) {
      await pool.query(`DELETE FROM ${table} WHERE holder = $1`, [holder]);
    },
    close: () => pool.end(),
  };
}
