import type { PoolClient } from 'pg';

/** One step of a component's PostgreSQL schema: applied once, in order, inside the migrating transaction. */
export type PostgresMigration = string | ((client: PoolClient) => Promise<void>);
