import { resolve } from 'node:path';
import type { DomainStore } from './domain-store.js';
import { SqliteDomainStore } from './sqlite/sqlite-domain-store.js';

/** Where the embedded database lives unless WAYBILL_DB says otherwise (relative to the working directory). */
export const DEFAULT_DB_PATH = '.waybill/waybill.db';

/** The database path from the environment: WAYBILL_DB, else ./.waybill/waybill.db. */
export function resolveDbPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.WAYBILL_DB?.trim();
  if (configured === ':memory:') return configured;
  return resolve(configured ? configured : DEFAULT_DB_PATH);
}

/** Opens the domain store the environment names; throws StoreError when the file is unusable. */
export function openDomainStore(options: { path?: string } = {}): DomainStore {
  return SqliteDomainStore.open(options.path ?? resolveDbPath());
}
