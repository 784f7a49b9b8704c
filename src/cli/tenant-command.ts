import { Command } from 'commander';
import type { TenantEndpoints } from '../models/index.js';
import { cliIdentity, requireCliAccess } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

interface SetOptions {
  tenant?: string;
  model: string;
  baseUrl: string;
  apiKeyEnv?: string;
  apiKeyStdin?: boolean;
  json?: boolean;
}

/**
 * `waybill tenant endpoint set|show|remove|rotate-key`: a tenant's own model endpoint (issue 37). The key is read
 * from an environment variable or stdin, never from the command line (which `ps` and shell history
 * keep), stored sealed, and shown only masked.
 */
export function tenantCommand(): Command {
  const tenant = new Command('tenant').description("a tenant's own settings: its model endpoint (key sealed, shown masked)");
  const endpoint = tenant.command('endpoint').description("the tenant's own model, base URL and key; its runs call that model instead of the service's");
  const tenantOption = '--tenant <tenant>';
  const tenantHelp = 'the tenant (default: the acting one, WAYBILL_TENANT; another needs WAYBILL_ROLE=platform_admin)';

  endpoint
    .command('set')
    .description("store the tenant's endpoint (replacing any); the key comes from --api-key-env or --api-key-stdin")
    .option(tenantOption, tenantHelp)
    .requiredOption('--model <model>', 'the model name as the endpoint knows it')
    .requiredOption('--base-url <url>', 'the OpenAI-compatible base URL, e.g. https://openrouter.ai/api/v1')
    .option('--api-key-env <name>', 'read the key from this environment variable')
    .option('--api-key-stdin', 'read the key from stdin (one line)')
    .option('--json', 'print the stored endpoint (key masked) as JSON')
    .action(async (options: SetOptions) => {
      const target = actingOn(options.tenant, 'set the model endpoint');
      const apiKey = await readApiKey(options);
      await withEndpoints(async (endpoints) => {
        const view = await endpoints.set(target, { model: options.model, baseUrl: options.baseUrl, apiKey }, `cli ${cliIdentity().role} of ${cliIdentity().tenant}`);
        if (options.json) console.log(JSON.stringify(view, null, 2));
        else console.log(`tenant ${view.tenant}: ${view.model} at ${view.base_url}, key ${view.api_key ?? 'none'}`);
      });
    });

  endpoint
    .command('show')
    .description("the tenant's endpoint with its key masked")
    .option(tenantOption, tenantHelp)
    .option('--json', 'print it as JSON ({tenant, model, base_url, api_key, updated_at, updated_by}; null when none)')
    .action(async (options: { tenant?: string; json?: boolean }) => {
      const target = actingOn(options.tenant, 'read the model endpoint');
      await withEndpoints(async (endpoints) => {
        const view = await endpoints.view(target);
        if (options.json) console.log(JSON.stringify(view ?? null, null, 2));
        else if (!view) console.log(`tenant ${target} has no model endpoint of its own; its runs use the service's models`);
        else console.log(`tenant ${view.tenant}: ${view.model} at ${view.base_url}, key ${view.api_key ?? 'none'} (set ${view.updated_at} by ${view.updated_by})`);
      });
    });

  endpoint
    .command('remove')
    .description("forget the tenant's endpoint; its runs use the service's models again")
    .option(tenantOption, tenantHelp)
    .action(async (options: { tenant?: string }) => {
      const target = actingOn(options.tenant, 'remove the model endpoint');
      await withEndpoints(async (endpoints) => {
        if (!(await endpoints.remove(target))) throw new UsageError(`tenant ${target} has no model endpoint`);
        console.log(`removed the model endpoint of tenant ${target}`);
      });
    });

  endpoint
    .command('rotate-key')
    .description("seal every tenant's endpoint under a new credential key: appended to the key file (the last line seals), the old keys kept there so values open until re-sealed (platform_admin)")
    .option('--file <path>', 'the key file to write when the sealing key comes from WAYBILL_CREDENTIAL_KEY: that key (and any other a stored value needs) is copied there first; then set WAYBILL_CREDENTIAL_KEY_FILE to it and unset WAYBILL_CREDENTIAL_KEY')
    .option('--json', 'print {file, from, to, resealed, already, left, movedFromEnv} as JSON')
    .action(async (options: { file?: string; json?: boolean }) => {
      requireCliAccess(cliIdentity(), "rotate the key of the tenants' model endpoints", undefined, 'platform_admin');
      const { rotateCredentialKey, CredentialKeyError } = await import('../models/credentials/index.js');
      const rotation = await rotateCredentialKey(databasePath(), options.file === undefined ? {} : { file: options.file }).catch((error: unknown) => {
        throw CredentialKeyError.isInstance(error) ? new UsageError(error.message) : error;
      });
      if (options.json) return console.log(JSON.stringify(rotation, null, 2));
      console.log(`new credential key ${rotation.to} in ${rotation.file}; ${rotation.resealed} endpoint(s) re-sealed under it, ${rotation.already} already were.`);
      if (rotation.left.length > 0) {
        console.log(`still under another key (set meanwhile by a process sealing with it): ${rotation.left.join(', ')}; run rotate-key again once every process reads ${rotation.file}.`);
        process.exitCode = 1;
      }
      console.log(`${rotation.from} stays in ${rotation.file} so that values sealed under it open until re-sealed; copy the file to every server and worker of this database.`);
      if (rotation.movedFromEnv) console.log(`Now set WAYBILL_CREDENTIAL_KEY_FILE=${rotation.file} and unset WAYBILL_CREDENTIAL_KEY.`);
    });

  return tenant;
}

function actingOn(asked: string | undefined, action: string): string {
  const identity = cliIdentity();
  const target = asked ?? identity.tenant;
  requireCliAccess(identity, action, target, 'admin');
  return target;
}

async function readApiKey(options: SetOptions): Promise<string | undefined> {
  if (options.apiKeyEnv !== undefined && options.apiKeyStdin) throw new UsageError('give --api-key-env or --api-key-stdin, not both');
  if (options.apiKeyEnv !== undefined) {
    const value = process.env[options.apiKeyEnv]?.trim();
    if (!value) throw new UsageError(`--api-key-env: the environment variable ${options.apiKeyEnv} is not set`);
    return value;
  }
  if (!options.apiKeyStdin) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const value = Buffer.concat(chunks).toString('utf8').trim();
  if (!value) throw new UsageError('--api-key-stdin: stdin was empty');
  return value;
}

async function withEndpoints(work: (endpoints: TenantEndpoints) => Promise<void>): Promise<void> {
  // Loaded on demand: --help needs neither SQLite nor the PostgreSQL driver.
  const { openTenantEndpoints } = await import('../models/credentials/open-tenant-endpoints.js');
  const { TenantEndpointInputError, CredentialKeyError } = await import('../models/credentials/index.js');
  const endpoints = await openTenantEndpoints(databasePath());
  try {
    await work(endpoints);
  } catch (error) {
    if (TenantEndpointInputError.isInstance(error)) throw new UsageError(error.problems.map((p) => `--${p.replace(/^(\w+)/, (f) => f.replace('_', '-'))}`).join('; '));
    if (CredentialKeyError.isInstance(error)) throw new UsageError(error.message);
    throw error;
  } finally {
    await endpoints.close();
  }
}
