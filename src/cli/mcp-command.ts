import { Command, Option } from 'commander';
import type { Caller, CallerRole } from '../domain/caller.js';
import { CALLER_ROLES, DEFAULT_TENANT, isCallerRole } from '../domain/caller.js';
import { explainBindError } from './bind-error.js';
import { databasePath } from './database-path.js';
import { parsePort } from './parse-port.js';
import { UsageError } from './usage-error.js';

interface McpOptions {
  http?: boolean;
  host: string;
  port: string;
  db?: string;
  selfcheck?: boolean;
  tenant: string;
  role: string;
  key?: string;
  autoApproveUpTo?: string;
  publicUrl?: string;
  elicitation: boolean;
}

/** The stdio caller's role when neither --role nor WAYBILL_MCP_ROLE says: read-only. */
const DEFAULT_STDIO_ROLE: CallerRole = 'viewer';

/** `waybill mcp`: the domain's MCP server on stdio (default) or Streamable HTTP, or its offline selfcheck. */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description('serve the logistics domain over MCP: stdio by default, Streamable HTTP with --http')
    .option('--http', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (every request needs an API key)')
    .option('--host <host>', 'address to bind with --http', '127.0.0.1')
    .option('--port <port>', 'port for --http (0 picks a free one)', '8788')
    .option('--db <file>', 'SQLite database file (default: WAYBILL_DB, else ./.waybill/waybill.db in a Waybill project directory, else the user data directory)')
    .addOption(new Option('--tenant <tenant>', 'stdio: the tenant this local caller acts as').env('WAYBILL_MCP_TENANT').default(DEFAULT_TENANT))
    .addOption(new Option('--role <role>', `stdio: the caller's role, one of ${CALLER_ROLES.join(', ')}`).env('WAYBILL_MCP_ROLE').default(DEFAULT_STDIO_ROLE))
    .addOption(new Option('--key <key>', "stdio: act as this API key's tenant and role (a key from waybill keys create), instead of --tenant/--role").env('WAYBILL_MCP_KEY'))
    .option('--auto-approve-up-to <uah>', 'approve cancellations with a refund up to this many UAH automatically (recorded as decision "auto"); default: never')
    .addOption(new Option('--public-url <url>', 'base URL of `waybill serve` as people reach it: approval links point at its console and API (default http://127.0.0.1:8787)').env('WAYBILL_PUBLIC_URL'))
    .option('--no-elicitation', 'never ask for an approval decision in the client (elicitation); the approval link is then the only way')
    .option('--selfcheck', 'check the tools, validators, grants and error envelope offline (in-memory database), then exit')
    .addHelpText(
      'after',
      [
        '',
        'Who is calling:',
        `  stdio   a local caller: tenant "${DEFAULT_TENANT}" and role "${DEFAULT_STDIO_ROLE}" (read-only) unless --key/WAYBILL_MCP_KEY`,
        '          (an API key: its tenant and role, audited under its key id) or an explicit local-operator',
        '          configuration (--tenant/--role, WAYBILL_MCP_TENANT/WAYBILL_MCP_ROLE) says otherwise;',
        '          cancel_shipment needs role operator or above.',
        '  --http  "Authorization: Bearer <key>" on every request; tenant and role come from the key',
        '          (waybill keys create --tenant T --role operator). Without a valid key: 401, pointing at',
        '          /.well-known/oauth-protected-resource/mcp.',
        'cancel_shipment runs only on a human approval: the first call answers {"status":"approval_required",',
        '"approval_id":...}; decide with `waybill approve --approval ID` (or the console), then repeat the call',
        'with "approval_id". A client that declares elicitation is asked for the decision instead (an operator\'s',
        'answer, recorded like the console\'s; the grant is still the check). Kill, tenant, tool and read-only',
        'switches are checked on every call. Also served: logging, resources (waybill://shipments/{tracking_id},',
        'waybill://policies/{doc_id}), prompts (track, quote, cancel) and completions (docs/mcp.md).',
        '',
        'The database is created and seeded on first use; which file was opened is logged on stderr at start.',
        "Outside a Waybill project directory (one with a .waybill/ folder or Waybill's package.json) the default",
        'is $XDG_DATA_HOME/waybill/waybill.db (~/.local/share/waybill/waybill.db), never a new .waybill/ in the',
        "client's working directory. Logs go to stderr as JSON lines (WAYBILL_LOG_LEVEL=debug|info|warn|error|silent);",
        'stdout carries only the protocol.',
      ].join('\n'),
    )
    .action(async (options: McpOptions, command: Command) => {
      const port = options.http ? parsePort(options.port) : 0;
      // Loaded on demand: the MCP SDK, SQLite and the knowledge base are not needed by other commands or by --help.
      if (options.selfcheck) return selfcheck((await import('../mcp/selfcheck.js')).runSelfcheck);
      const { checkPublicUrl, createStderrLogger } = await import('../mcp/index.js');
      const autoApproveUpToUah = parseThreshold(options.autoApproveUpTo);
      const publicUrl = parsePublicUrl(options.publicUrl, checkPublicUrl);
      // Direct import, not the server index: that would load the runtime.
      const { checkTenantId } = await import('../server/api-key-store.js');
      const dbPath = databasePath(options.db);
      const caller = options.key !== undefined && !options.http ? await keyCaller(options.key, dbPath, command) : stdioCaller(options, checkTenantId);
      const { openDomainStore } = await import('../domain/store/open-domain-store.js');
      const { openControlStore } = await import('../policy/index.js');
      const { BUNDLED_CORPUS_DIR, KnowledgeBase, policyLibrary, policySearchTool } = await import('../knowledge/index.js');
      const logger = createStderrLogger();
      const store = await openDomainStore({ path: dbPath });
      const controls = await openControlStore(dbPath);
      const knowledge = await KnowledgeBase.open({ path: dbPath, seedCorpus: BUNDLED_CORPUS_DIR });
      // A direct client is held to the tenant's rollout stage as the runtimes are (docs/rollout.md).
      const { openRolloutStore } = await import('../rollout/open-rollout-store.js');
      const { mcpStageCheck } = await import('../rollout/mcp-stage-check.js');
      const rollouts = await openRolloutStore(dbPath);
      const shared = {
        store,
        controls,
        stageCheck: mcpStageCheck(rollouts),
        searchPolicies: policySearchTool(knowledge),
        policyDocuments: policyLibrary({ corpusDir: BUNDLED_CORPUS_DIR }),
        elicitApprovals: options.elicitation,
        ...(autoApproveUpToUah !== undefined && { autoApproveUpToUah }),
        ...(publicUrl !== undefined && { publicUrl }),
      };
      const closeAll = async () => {
        await Promise.all([knowledge.close(), controls.close(), rollouts.close(), store.close()]);
      };
      if (!options.http) {
        const { serveStdio } = await import('../mcp/serve-stdio.js');
        await serveStdio({ ...shared, logger, caller, approvals: { grants: 'required', ...(autoApproveUpToUah !== undefined && { autoApproveUpToUah }), ...(publicUrl !== undefined && { publicUrl }) } });
        await closeAll();
        return;
      }
      const { openApiKeyStore } = await import('../server/open-api-key-store.js');
      const keys = await openApiKeyStore(dbPath);
      const verifyKey = async (key: string): Promise<Caller | undefined> => {
        const principal = await keys.verify(key);
        return principal && { tenant: principal.tenant, role: principal.role, principal: principal.keyId, channel: 'http' };
      };
      const { serveHttp } = await import('../mcp/serve-http.js');
      let running;
      try {
        running = await serveHttp({ ...shared, logger, verifyKey, host: options.host, port });
      } catch (error) {
        await keys.close();
        await closeAll();
        throw explainBindError(error, options.host, port);
      }
      logger.info('waybill mcp serving on Streamable HTTP', { url: running.url, resource_metadata: running.resourceMetadataUrl });
      const stop = async () => {
        await running.close();
        await keys.close();
        await closeAll();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

/** The stdio caller a key stands for; the key replaces --tenant/--role, so giving both is refused. */
async function keyCaller(key: string, dbPath: string, command: Command): Promise<Caller> {
  for (const option of ['tenant', 'role']) {
    if (command.getOptionValueSource(option) !== 'default') throw new UsageError(`--key (or WAYBILL_MCP_KEY) gives the caller's tenant and role; do not also set --${option}`);
  }
  const { openApiKeyStore } = await import('../server/open-api-key-store.js');
  const keys = await openApiKeyStore(dbPath);
  try {
    const principal = await keys.verify(key);
    if (!principal) throw new UsageError('--key: no live API key matches (unknown or revoked); make one with waybill keys create');
    return { tenant: principal.tenant, role: principal.role, principal: principal.keyId, channel: 'stdio' };
  } finally {
    await keys.close();
  }
}

function stdioCaller(options: McpOptions, checkTenantId: (tenant: string) => string | undefined): Caller {
  const problem = checkTenantId(options.tenant);
  if (problem) throw new UsageError(`--tenant: ${problem}`);
  if (!isCallerRole(options.role)) throw new UsageError(`--role must be one of ${CALLER_ROLES.join(', ')}, got ${JSON.stringify(options.role)}`);
  return { tenant: options.tenant, role: options.role, principal: 'local', channel: 'stdio' };
}

function parsePublicUrl(value: string | undefined, check: (value: string) => { url: string } | { problem: string }): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const checked = check(value);
  if ('problem' in checked) throw new UsageError(`--public-url (or WAYBILL_PUBLIC_URL) ${checked.problem}`);
  return checked.url;
}

function parseThreshold(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const uah = Number(value);
  if (!Number.isFinite(uah) || uah < 0) throw new UsageError(`--auto-approve-up-to must be a number of UAH ≥ 0, got ${JSON.stringify(value)}`);
  return uah;
}

async function selfcheck(runSelfcheck: () => Promise<Array<{ ok: boolean; name: string; detail?: string }>>): Promise<void> {
  const results = await runSelfcheck();
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.ok ? '' : `: ${r.detail}`}`);
  const failed = results.filter((r) => !r.ok);
  console.log(failed.length === 0 ? `selfcheck passed: ${results.length} checks` : `selfcheck failed: ${failed.length} of ${results.length} checks`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}
