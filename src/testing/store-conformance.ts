import { afterEach, describe } from 'vitest';
import type { StoreBackend, TestDatabase } from './store-backends.js';
import { storeBackends } from './store-backends.js';

/** Anything a test opens on a database and must close before the database is removed. */
export interface Closable {
  close(): Promise<void> | void;
}

/** Opens one store at a location (a SQLite path or a `postgres://` URL), as the production opener does. */
export type StoreOpener<S extends Closable, A extends unknown[]> = (location: string, ...args: A) => Promise<S> | S;

/** What each conformance test gets: connections to a fresh database on one backend, all closed and removed after it. */
export interface StoreSuite<S extends Closable, A extends unknown[]> {
  backend: StoreBackend;
  /** Another connection to this test's database (created on first use), as another process would have. */
  open(...args: A): Promise<S>;
  /** This test's database location, for openers that take more than a location (created on first use). */
  location(): Promise<string>;
  /** Raw SQL on this test's database (tests that tamper with rows, as an attacker would). */
  exec(sql: string): Promise<void>;
  /** A second, empty database on the same backend (copies, imports), removed after the test. */
  another(): Promise<TestDatabase & { open(...args: A): Promise<S> }>;
  /** Closes `resource` after the test, before its database is removed. */
  track<T extends Closable>(resource: T): T;
}

export interface StoreConformanceOptions {
  timeout?: number;
  /** Default: every backend this run has (storeBackends). */
  backends?: readonly StoreBackend[];
}

/**
 * Runs one store contract on every backend, the way LangGraph's checkpoint validation takes an
 * initializer: `opener` is the store's production opener, `cases` declares the tests (vitest `it`)
 * against the suite it is given. Each test starts on an empty database of its own.
 */
export function storeConformance<S extends Closable, A extends unknown[]>(
  name: string,
  opener: StoreOpener<S, A>,
  cases: (suite: StoreSuite<S, A>) => void,
  options: StoreConformanceOptions = {},
): void {
  for (const backend of options.backends ?? storeBackends()) {
    describe(`${name} conformance: ${backend.name}`, { timeout: options.timeout ?? 60_000 }, () => {
      let db: TestDatabase | undefined;
      const databases: TestDatabase[] = [];
      const resources: Closable[] = [];
      afterEach(async () => {
        for (const resource of resources.splice(0).reverse()) await resource.close();
        for (const database of databases.splice(0)) await database.cleanup();
        db = undefined;
      });
      const track = <T extends Closable>(resource: T): T => {
        resources.push(resource);
        return resource;
      };
      const fresh = async (): Promise<TestDatabase> => {
        const database = await backend.fresh();
        databases.push(database);
        return database;
      };
      const current = async (): Promise<TestDatabase> => (db ??= await fresh());
      const openAt = async (location: string, args: A): Promise<S> => track(await opener(location, ...args));
      cases({
        backend,
        open: async (...args) => openAt((await current()).location, args),
        location: async () => (await current()).location,
        exec: async (sql) => (await current()).exec(sql),
        another: async () => {
          const database = await fresh();
          return { ...database, open: (...args: A) => openAt(database.location, args) };
        },
        track,
      });
    });
  }
}
