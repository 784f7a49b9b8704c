import { databaseLocation } from '../storage/index.js';
import type { ApiKeyStore } from './api-key-store.js';
import { PostgresApiKeyStore } from './postgres-api-key-store.js';
import { SqliteApiKeyStore } from './sqlite-api-key-store.js';

/** The API key store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openApiKeyStore(location: string, now?: () => Date): Promise<ApiKeyStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresApiKeyStore.open(target.url, now) : SqliteApiKeyStore.open(target.path, now);
}
