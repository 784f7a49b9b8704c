import { databaseLocation } from '../../storage/index.js';
import { openRunStore } from '../../telemetry/open-run-store.js';
import { PostgresProtocolStore } from './postgres-protocol-store.js';
import type { ProtocolStore } from './protocol-store.js';
import { SqliteProtocolStore } from './sqlite-protocol-store.js';

/**
 * The Agent Protocol store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when
 * unusable. The kernel's run store is migrated first: a protocol thread's owner is its `thread_owners` row.
 */
export async function openProtocolStore(location: string, now?: () => Date): Promise<ProtocolStore> {
  await (await openRunStore(location)).close();
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresProtocolStore.open(target.url, now) : SqliteProtocolStore.open(target.path, now);
}
