import { dirname, join, resolve } from 'node:path';
import { carryKeyLines } from '../../domain/audit/carry-audit-keys.js';
import { defaultKeyDir } from '../../domain/audit/default-key-dir.js';
import { databaseLocation } from '../../storage/index.js';
import type { CredentialKeyring } from './credential-keyring.js';
import { CREDENTIAL_KEY_FILE, loadCredentialKeyring } from './credential-keyring.js';
import { PostgresTenantEndpointRows } from './postgres-tenant-endpoint-rows.js';
import { SqliteTenantEndpointRows } from './sqlite-tenant-endpoint-rows.js';
import type { TenantEndpointRows } from './tenant-endpoint-rows.js';
import { TenantEndpoints } from './tenant-endpoints.js';

// The default key file's directory: beside the SQLite file; for PostgreSQL, where the embedded database would be; none for `:memory:`.
function defaultCredentialDir(location: string, env: NodeJS.ProcessEnv): string | undefined {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? defaultKeyDir(env) : target.path === ':memory:' ? undefined : dirname(resolve(target.path));
}

/** The keyring the environment names for the endpoints at `location` (see openTenantEndpoints); throws CredentialKeyError. */
export function credentialKeyringFor(location: string, env: NodeJS.ProcessEnv): CredentialKeyring {
  const defaultDir = defaultCredentialDir(location, env);
  return loadCredentialKeyring({ env, ...(defaultDir !== undefined && { defaultDir }) });
}

/** The sealed rows alone at `location`, migrated, without a keyring (`waybill db migrate` and `db copy`); throws StoreError. */
export async function openTenantEndpointRows(location: string): Promise<TenantEndpointRows> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresTenantEndpointRows.open(target.url) : SqliteTenantEndpointRows.open(target.path);
}

/**
 * Tenants' endpoints at `location` (a SQLite path or a `postgres://` URL), sealed with the keyring the
 * environment names: WAYBILL_CREDENTIAL_KEY, WAYBILL_CREDENTIAL_KEY_FILE, else `credentials.key`
 * beside the SQLite file (for PostgreSQL, where the embedded database would be). Throws StoreError or
 * CredentialKeyError.
 */
export async function openTenantEndpoints(location: string, options: { env?: NodeJS.ProcessEnv; now?: () => Date } = {}): Promise<TenantEndpoints> {
  const keyring = credentialKeyringFor(location, options.env ?? process.env);
  return new TenantEndpoints(await openTenantEndpointRows(location), keyring, options.now);
}

/**
 * After `waybill db copy` from the SQLite file `sqlitePath` to `postgresUrl`: the credential keys beside
 * the SQLite file go into the key file the PostgreSQL side reads, so the copied sealed endpoints open
 * there with the same keys (nothing is re-sealed). With WAYBILL_CREDENTIAL_KEY_FILE both sides read one
 * file; values sealed under WAYBILL_CREDENTIAL_KEY open wherever the same secret is set. Says what it did.
 */
export function carryCredentialKeys(sqlitePath: string, postgresUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.WAYBILL_CREDENTIAL_KEY_FILE?.trim();
  const from = explicit || join(dirname(resolve(sqlitePath)), CREDENTIAL_KEY_FILE);
  const to = explicit || join(defaultCredentialDir(postgresUrl, env) as string, CREDENTIAL_KEY_FILE);
  return carryKeyLines(from, to, {
    what: 'credential keys',
    none: `no key file beside ${sqlitePath} (${from}); copied tenant endpoints open where the key that sealed them is set (WAYBILL_CREDENTIAL_KEY)`,
    purpose: 'so the copied tenant endpoints open on PostgreSQL',
  });
}
