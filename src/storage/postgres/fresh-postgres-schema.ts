import { redactLocation } from '../database-location.js';
import { StoreError } from '../store-error.js';
import { postgresSchemaOf, withPostgresSchema } from './postgres-schema-of.js';

/**
 * Empties (drops and recreates) one schema for a run that must start from nothing, such as
 * `waybill demo`: the one the URL's search_path names, or `fallback` when it names none or `public`
 * (never `public` itself: other data may live there). Returns the URL whose connections use it.
 */
export async function freshPostgresSchema(url: string, fallback: string): Promise<string> {
  const named = postgresSchemaOf(url);
  const schema = named === 'public' ? fallback : named;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`CREATE SCHEMA "${schema}"`);
  } catch (cause) {
    throw new StoreError('store_unavailable', redactLocation(url), `cannot prepare schema ${schema} at ${redactLocation(url)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  } finally {
    await client.end().catch(() => undefined);
  }
  return withPostgresSchema(url, schema);
}

/** Drops `schema` and everything in it (an eval trial's or a test's private schema). */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
