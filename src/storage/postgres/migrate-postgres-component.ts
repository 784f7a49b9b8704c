import type { Pool } from 'pg';
import { redactLocation } from '../database-location.js';
import { StoreError } from '../store-error.js';
import type { PostgresMigration } from './postgres-migration.js';

/**
 * The PostgreSQL twin of the SQLite `waybill_schema` registry: each component (domain, runs, control,
 * ...) keeps its own version in the schema the connection's `search_path` selects and migrates
 * independently. A transaction-scoped advisory lock per schema makes two processes starting together
 * migrate once; a database written by a newer Waybill is refused with one line.
 */
export async function migratePostgresComponent(pool: Pick<Pool, 'connect'>, url: string, component: string, migrations: readonly PostgresMigration[]): Promise<void> {
  const latest = migrations.length;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const schema = (await client.query<{ schema: string | null }>('SELECT current_schema() AS schema')).rows[0]?.schema;
    if (!schema) throw new StoreError('store_unavailable', redactLocation(url), `${redactLocation(url)}: the search_path names no existing schema; create it or fix the URL's options`);
    await client.query("SELECT pg_advisory_xact_lock(hashtext('waybill_schema:' || current_schema()))");
    await client.query('CREATE TABLE IF NOT EXISTS waybill_schema (component TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    const row = (await client.query<{ version: number }>('SELECT version FROM waybill_schema WHERE component = $1', [component])).rows[0];
    const current = row?.version ?? 0;
    if (current > latest) {
      throw new StoreError(
        'store_version_unsupported',
        redactLocation(url),
        `${redactLocation(url)} (schema ${schema}) has ${component} schema version ${current}; this Waybill understands up to ${latest}: upgrade Waybill`,
      );
    }
    for (let version = current + 1; version <= latest; version += 1) {
      const step = migrations[version - 1];
      if (typeof step === 'string') await client.query(step);
      else if (step) await step(client);
    }
    if (current < latest) {
      await client.query('INSERT INTO waybill_schema (component, version) VALUES ($1, $2) ON CONFLICT (component) DO UPDATE SET version = excluded.version', [component, latest]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
