import { dirname, resolve } from 'node:path';
import { defaultKeyDir } from '../../domain/audit/default-key-dir.js';
import { databaseLocation } from '../../storage/index.js';
import { loadCredentialKeyring } from './credential-keyring.js';
import { PostgresTenantEndpointRows } from './postgres-tenant-endpoint-rows.js';
import { SqliteTenantEndpointRows } from './sqlite-tenant-endpoint-rows.js';
import { TenantEndpoints } from './tenant-endpoints.js';

/**
 * Tenants' endpoints at `location` (a SQLite path or a `postgres://` URL), sealed with the keyring the
 * environment names: WAYBILL_CREDENTIAL_KEY, WAYBILL_CREDENTIAL_KEY_FILE, else `credentials.key`
 * beside the SQLite file (for PostgreSQL, where the embedded database would be). Throws StoreError or
 * CredentialKeyError.
 */
export async function openTenantEndpoints(location: string, options: { env?: NodeJS.ProcessEnv; now?: () => Date } = {}): Promise<TenantEndpoints> {
  const env = options.env ?? process.env;
  const target = databaseLocation(location);
  const defaultDir = target.kind === 'postgres' ? defaultKeyDir(env) : target.path === ':memory:' ? undefined : dirname(resolve(target.path));
  const keyring = loadCredentialKeyring({ env, ...(defaultDir !== undefined && { defaultDir }) });
  const rows = target.kind === 'postgres' ? await PostgresTenantEndpointRows.open(target.url) : SqliteTenantEndpointRows.open(target.path);
  return new TenantEndpoints(rows, keyring, options.now);
}
