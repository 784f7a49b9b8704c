import pg from 'pg';
import { createTestSchema, type TestSchema } from '../testing/postgres-test-schema.js';
import { queueSchemaFor } from './queue-settings.js';

/** A private test schema whose `drop` also drops the queue's schema beside it. */
export async function createQueueTestSchema(baseUrl: string): Promise<TestSchema> {
  const schema = await createTestSchema(baseUrl);
  return {
    ...schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(schema.url)} CASCADE`);
      } finally {
        await client.end();
      }
      await schema.drop();
    },
  };
}
