import type { Pool, PoolClient } from 'pg';

/** SQLSTATEs after which the whole transaction may simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

export interface TransactionOptions {
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  /** Extra SQLSTATEs that mean "lost a race; run again and see the winner" (e.g. 23505 unique_violation). */
  retryOn?: readonly string[];
  attempts?: number;
}

/**
 * Runs `fn` in one transaction on one pooled connection; commits on return, rolls back on throw. A
 * transaction that lost a race the database detected runs again from the start (never half of it),
 * so the second attempt reads what the winner committed.
 */
export async function withTransaction<T>(pool: Pick<Pool, 'connect'>, fn: (client: PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${options.isolation ?? 'READ COMMITTED'}`);
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: unknown }).code;
      const retry = typeof code === 'string' && (RETRYABLE.has(code) || options.retryOn?.includes(code));
      if (!retry || attempt >= attempts) throw error;
    } finally {
      client.release();
    }
  }
}
