import type { DomainStore } from './domain-store.js';
import { resolveDbPath } from './resolve-db-path.js';
import { SqliteDomainStore } from './sqlite/sqlite-domain-store.js';

/** Opens the domain store the environment names; throws StoreError when the file is unusable. */
export function openDomainStore(options: { path?: string } = {}): DomainStore {
  return SqliteDomainStore.open(options.path ?? resolveDbPath());
}
