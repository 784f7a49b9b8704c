import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, testPostgresUrl } from '../../testing/postgres-test-schema.js';
import type { TestSchema } from '../../testing/postgres-test-schema.js';
import { StoreError } from '../store-error.js';
import { openPostgresPool } from './open-postgres-pool.js';

const baseUrl = testPostgresUrl();

async function storeErrorOf(action: () => Promise<unknown>): Promise<StoreError> {
  try {
    await action();
  } catch (error) {
    if (StoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

describe('openPostgresPool', () => {
  it('names an unreachable server in one line without the password', async () => {
    const error = await storeErrorOf(() => openPostgresPool('postgres://ann:s3cret@127.0.0.1:1/none', 'domain', []));
    expect(error.code).toBe('store_unavailable');
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain('postgres://ann:***@127.0.0.1:1/none');
  });
});

if (baseUrl) {
  describe('openPostgresPool on the test server', { timeout: 30_000 }, () => {
    let schema: TestSchema | undefined;
    afterEach(async () => {
      await schema?.drop();
      schema = undefined;
    });

    it('migrates each component once, in order, also when two processes start together', async () => {
      schema = await createTestSchema(baseUrl);
      const steps = ['CREATE TABLE t (n INTEGER)', 'INSERT INTO t VALUES (1)'];
      const pools = await Promise.all([1, 2, 3].map(() => openPostgresPool(schema?.url ?? '', 'thing', steps)));
      const rows = (await pools[0]?.query<{ n: number }>('SELECT n FROM t'))?.rows;
      expect(rows).toEqual([{ n: 1 }]);
      const later = await openPostgresPool(schema.url, 'thing', [...steps, 'INSERT INTO t VALUES (2)']);
      expect((await later.query<{ n: number }>('SELECT n FROM t ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await later.query<{ version: number }>("SELECT version FROM waybill_schema WHERE component = 'thing'")).rows[0]?.version).toBe(3);
      await Promise.all([...pools, later].map((pool) => pool?.end()));
    });

    it('refuses a database written by a newer Waybill with one line', async () => {
      schema = await createTestSchema(baseUrl);
      const pool = await openPostgresPool(schema.url, 'domain', ['SELECT 1']);
      await pool.query("UPDATE waybill_schema SET version = 99 WHERE component = 'domain'");
      await pool.end();
      const error = await storeErrorOf(() => openPostgresPool(schema?.url ?? '', 'domain', ['SELECT 1']));
      expect(error.code).toBe('store_version_unsupported');
      expect(error.message).toMatch(/has domain schema version 99; this Waybill understands up to 1: upgrade Waybill$/);
      expect(error.message.split('\n')).toHaveLength(1);
    });
  });
}
