import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestSchema, testPostgresUrl } from './postgres-test-schema.js';
import { makeTempDir } from './temp-dir.js';

/** A fresh, empty Waybill database on one backend, for one test. */
export interface TestDatabase {
  /** What WAYBILL_DB would say: a file path or a `postgres://` URL. */
  location: string;
  /** Raw SQL on the database behind the stores (tests that tamper with rows, as an attacker would). */
  exec(sql: string): Promise<void>;
  /** Removes the database (file or schema). Close the stores first. */
  cleanup(): Promise<void>;
}

export interface StoreBackend {
  name: 'sqlite' | 'postgres';
  fresh(): Promise<TestDatabase>;
}

const sqliteBackend: StoreBackend = {
  name: 'sqlite',
  fresh: async () => {
    const { dir, cleanup } = makeTempDir();
    const location = join(dir, 'waybill.db');
    return {
      location,
      exec: async (sql) => {
        const db = new Database(location);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      cleanup: async () => cleanup(),
    };
  },
};

function postgresBackend(baseUrl: string): StoreBackend {
  return {
    name: 'postgres',
    fresh: async () => {
      const schema = await createTestSchema(baseUrl);
      return {
        location: schema.url,
        exec: async (sql) => {
          const client = new pg.Client({ connectionString: schema.url });
          await client.connect();
          try {
            await client.query(sql);
          } finally {
            await client.end();
          }
        },
        cleanup: () => schema.drop(),
      };
    },
  };
}

/**
 * The backends every store conformance suite runs against: SQLite always, PostgreSQL when
 * WAYBILL_TEST_PG_URL is set (required when CI=true; see testPostgresUrl). Each test gets its own file
 * or its own randomly named schema, dropped afterwards.
 */
export function storeBackends(): StoreBackend[] {
  const url = testPostgresUrl();
  return url ? [sqliteBackend, postgresBackend(url)] : [sqliteBackend];
}
