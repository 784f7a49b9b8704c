import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withPostgresSchema } from '../storage/postgres/postgres-schema-of.js';

/**
 * The PostgreSQL server tests may use: WAYBILL_TEST_PG_URL, or undefined when it is not set. On CI
 * (CI=true) a missing URL is an error, so the PostgreSQL half of a conformance suite can never be left
 * out silently there.
 */
export function testPostgresUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.WAYBILL_TEST_PG_URL?.trim();
  if (url) return url;
  if (env.CI === 'true') throw new Error('CI=true but WAYBILL_TEST_PG_URL is not set: the PostgreSQL conformance suites must run on CI');
  return undefined;
}

/** A private schema on the shared test database, and the URL whose connections use it. */
export interface TestSchema {
  url: string;
  schema: string;
  drop(): Promise<void>;
}

/**
 * Creates a schema with a random name on the test database (several agents and CI jobs share it at
 * once), and returns a URL whose `options` set every connection's search_path to it. `drop()` removes
 * the schema with everything in it.
 */
export async function createTestSchema(baseUrl: string): Promise<TestSchema> {
  const schema = `wb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    url: withPostgresSchema(baseUrl, schema),
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
