import { databaseLocation } from '../../storage/database-location.js';
import type { DomainStore } from './domain-store.js';
import { PostgresDomainStore } from './postgres-domain-store.js';
import { resolveDbPath } from '../resolve-db-path.js';
import type { SqliteDomainStoreOptions } from './sqlite-domain-store.js';
import { SqliteDomainStore } from './sqlite-domain-store.js';

/**
 * Opens the domain store `path` names (default: the environment's, see resolveDbPath): PostgreSQL for a
 * `postgres://` URL, else the SQLite file. Throws StoreError when the database is unusable.
 */
export async function openDomainStore(options: { path?: string } & SqliteDomainStoreOptions = {}): Promise<DomainStore> {
  const { path, ...storeOptions } = options;
  const location = databaseLocation(path ?? resolveDbPath());
  return location.kind === 'postgres' ? PostgresDomainStore.open(location.url, storeOptions) : SqliteDomainStore.open(location.path, storeOptions);
}
