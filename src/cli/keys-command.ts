import { Command } from 'commander';
import { API_ROLES, isApiRole } from '../server/api-role.js';
import { cliIdentity, listingTenant, requireCliAccess } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

/** `waybill keys create|list|revoke`: API keys for `waybill serve`, stored hashed. */
export function keysCommand(): Command {
  const keys = new Command('keys').description('manage API keys of the HTTP service (stored hashed; a key is shown once)');

  keys
    .command('create')
    .description('make an API key bound to one tenant and one role, and print it once')
    .requiredOption('--tenant <tenant>', 'the tenant every call with this key is scoped to')
    .requiredOption('--role <role>', `one of ${API_ROLES.join(', ')} (viewer reads; operator also runs and decides approvals; admin also flips switches)`)
    .option('--name <name>', 'a label for the audit trail (default: the key id)')
    .option('--json', 'print {key, key_id, tenant, role, name} as JSON')
    .action(async (options: { tenant: string; role: string; name?: string; json?: boolean }) => {
      const { checkTenantId } = await import('../server/api-key-store.js');
      if (!isApiRole(options.role)) throw new UsageError(`--role must be one of ${API_ROLES.join(', ')}, got ${JSON.stringify(options.role)}`);
      const problem = checkTenantId(options.tenant);
      if (problem) throw new UsageError(`--tenant: ${problem}`);
      // A key carries its role to every call it makes, so making one needs that role (and the tenant's admin).
      const identity = cliIdentity();
      requireCliAccess(identity, 'make an API key', options.tenant, 'admin');
      requireCliAccess(identity, `make a ${options.role} key`, options.tenant, options.role);
      const store = await openKeyStore(databasePath());
      try {
        const { key, info } = await store.create({ tenant: options.tenant, role: options.role, ...(options.name && { name: options.name }) });
        if (options.json) {
          console.log(JSON.stringify({ key, key_id: info.keyId, tenant: info.tenant, role: info.role, name: info.name }, null, 2));
        } else {
          console.log(key);
          console.error(`${info.keyId}: tenant ${info.tenant}, role ${info.role}. This is the only time the key is shown; store it now.`);
        }
      } finally {
        await store.close();
      }
    });

  keys
    .command('list')
    .description('list keys (ids, tenants, roles; never the keys themselves)')
    .option('--json', 'print the list as JSON')
    .action(async (options: { json?: boolean }) => {
      const tenant = listingTenant(cliIdentity(), undefined, 'list keys');
      const store = await openKeyStore(databasePath());
      try {
        const list = (await store.list()).filter((k) => tenant === undefined || k.tenant === tenant);
        if (options.json) console.log(JSON.stringify(list, null, 2));
        else if (list.length === 0) console.log('no keys; make one with: waybill keys create --tenant T --role viewer|operator|admin');
        else for (const k of list) console.log(`${k.keyId}  ${k.tenant}  ${k.role}  ${k.name}  created ${k.createdAt}${k.revokedAt ? `  REVOKED ${k.revokedAt}` : ''}`);
      } finally {
        await store.close();
      }
    });

  keys
    .command('revoke')
    .description('revoke a key by its id; calls with it get 401 from then on')
    .argument('<key-id>', 'the id printed by create and list (key_…)')
    .action(async (keyId: string) => {
      const identity = cliIdentity();
      const store = await openKeyStore(databasePath());
      try {
        const key = (await store.list()).find((k) => k.keyId === keyId);
        // Another tenant's key reads as no key at all, so ids cannot be probed across tenants.
        if (key && identity.role !== 'platform_admin' && key.tenant !== identity.tenant) throw new UsageError(`no live key ${keyId}`);
        if (key) requireCliAccess(identity, 'revoke an API key', key.tenant, 'admin');
        if (!(await store.revoke(keyId))) throw new UsageError(`no live key ${keyId}`);
        console.log(`revoked ${keyId}`);
      } finally {
        await store.close();
      }
    });

  return keys;
}

// Loaded on demand, and directly rather than through the server index (which loads the runtime):
// neither SQLite nor the PostgreSQL driver is needed for --help.
const openKeyStore = async (location: string) => (await import('../server/open-api-key-store.js')).openApiKeyStore(location);
