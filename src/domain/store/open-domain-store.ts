import { databaseLocation } from '../../storage/database-location.js';
import type { DomainStore } from './domain-store.js';
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
  // The PostgreSQL store (and its driver) loads only when named, so a SQLite process never loads it.
  if (location.kind === 'postgres') return (await import('./postgres-domain-store.js')).PostgresDomainStore.open(location.url, storeOptions);
  return SqliteDomainStore.open(location.path, storeOptions);
}
