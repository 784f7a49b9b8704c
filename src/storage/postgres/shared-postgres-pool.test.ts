import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../testing/postgres-test-schema.js';
import { DEFAULT_POSTGRES_POOL_SIZE, holdPostgresPool, postgresPoolSize } from './shared-postgres-pool.js';

const baseUrl = testPostgresUrl();

describe('postgresPoolSize', () => {
  it('reads WAYBILL_PG_POOL_SIZE and names a bad value instead of ignoring it', () => {
    expect(postgresPoolSize({})).toBe(DEFAULT_POSTGRES_POOL_SIZE);
    expect(postgresPoolSize({ WAYBILL_PG_POOL_SIZE: '' })).toBe(DEFAULT_POSTGRES_POOL_SIZE);
    expect(postgresPoolSize({ WAYBILL_PG_POOL_SIZE: '6' })).toBe(6);
    for (const bad of ['1', '101', '2.5', 'many']) {
      expect(() => postgresPoolSize({ WAYBILL_PG_POOL_SIZE: bad })).toThrow(`WAYBILL_PG_POOL_SIZE must be a whole number of connections from 2 to 100, got "${bad}"`);
    }
  });
});

describe.runIf(baseUrl)('holdPostgresPool on the test server', { timeout: 30_000 }, () => {
  it('gives every hold on one URL the same pool, which ends with the last hold only', async () => {
    const url = `${baseUrl}${baseUrl?.includes('?') ? '&' : '?'}application_name=wb_hold_${randomBytes(4).toString('hex')}`;
    const first = await holdPostgresPool(url);
    const second = await holdPostgresPool(url);
    expect(second.pool).toBe(first.pool);
    await first.release();
    await first.release(); // a second release of the same hold must not take the other's
    expect((await second.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await second.release();
    expect(first.pool.ending).toBe(true);
    const third = await holdPostgresPool(url);
    expect(third.pool).not.toBe(first.pool);
    expect((await third.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await third.release();
  });

  it('keeps URLs apart: another schema or database is another pool', async () => {
    const a = await holdPostgresPool(`${baseUrl}${baseUrl?.includes('?') ? '&' : '?'}application_name=wb_a`);
    const b = await holdPostgresPool(`${baseUrl}${baseUrl?.includes('?') ? '&' : '?'}application_name=wb_b`);
    expect(a.pool).not.toBe(b.pool);
    expect(a.pool).toBeInstanceOf(pg.Pool);
    await Promise.all([a.release(), b.release()]);
  });
});
