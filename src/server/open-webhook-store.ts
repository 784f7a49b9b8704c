import { databaseLocation } from '../storage/index.js';
import { PostgresWebhookStore } from './postgres-webhook-store.js';
import { SqliteWebhookStore } from './sqlite-webhook-store.js';
import type { WebhookStore } from './webhook-store.js';

/** The webhook and one-time link store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openWebhookStore(location: string, now?: () => Date): Promise<WebhookStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresWebhookStore.open(target.url, now) : SqliteWebhookStore.open(target.path, now);
}
