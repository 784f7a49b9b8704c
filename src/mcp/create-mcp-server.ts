import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalPolicy, Caller, DomainStore, ToolResult } from '../domain/index.js';
import { ARG_ORIGINS, argsHash, CALLER_META_KEY, DOMAIN_TOOLS, errorEnvelope, findDomainTool, ORIGINS_META_KEY, parseArgs, SEARCH_POLICIES_TOOL } from '../domain/index.js';
import type { ArgOrigin } from '../domain/index.js';
import type { SearchPoliciesInput } from '../domain/index.js';
import type { ControlStore } from '../policy/index.js';
import { checkBoundary, checkOrigins } from './boundary-check.js';
import { PACKAGE_VERSION } from './package-version.js';
import type { Logger } from './stderr-logger.js';
import { silentLogger } from './stderr-logger.js';
import { toolListing } from './tool-listing.js';

const SERVER_NAME = 'waybill';
const SERVER_VERSION = PACKAGE_VERSION;

/** The in-process runtimes' identity until they present their run's own (the default tenant, operator). */
export const IN_PROCESS_CALLER: Caller = { tenant: 'default', role: 'operator', principal: 'runtime', channel: 'in-process' };

/** Which knowledge-base entry (knowledge/scopes.json) a caller from outside the runtimes searches as. */
const KNOWLEDGE_ENTRY_FOR_ROLE: Readonly<Record<Caller['role'], string>> = {
  viewer: 'supervisor',
  operator: 'operator_console',
  admin: 'operator_console',
  platform_admin: 'admin',
};

export interface WaybillMcpServerOptions {
  store: DomainStore;
  /** Clock for timestamps the tools write; defaults to the system clock. */
  now?: () => Date;
  logger?: Logger;
  /**
   * Who calls through this server instance, as the transport established it (API key, flags, the
   * opening code). Default: the in-process runtime identity.
   */
  caller?: Caller;
  /** The operator's switches, read for every call at the moment of execution. */
  controls?: ControlStore;
  /** How irreversible calls are authorised. Default: a grant from the approval store is required. */
  approvals?: ApprovalPolicy;
  /**
   * Serves `search_policies` when given: the knowledge base's scoped search as `agent` (a scopes.json
   * entry). In-process, the runtime names its agent in `_meta`; any other caller searches as the entry
   * its role maps to, whatever `_meta` says.
   */
  searchPolicies?: (agent: string | undefined, args: SearchPoliciesInput) => Promise<ToolResult>;
}

/**
 * The one MCP server through which every agent and every MCP client reaches the domain, and the place
 * where the guarantees live: caller identity, switches, tenancy, approval grants and the audit trail
 * are enforced here for every call. Tool handlers are registered on the protocol layer directly (not
 * through McpServer.registerTool) because the SDK's own argument validation answers in its own format;
 * Waybill's contract is the `{"status":"error","problems":[...]}` envelope.
 */
export function createWaybillMcpServer(options: WaybillMcpServerOptions): McpServer {
  const { store, now = () => new Date(), logger = silentLogger, caller = IN_PROCESS_CALLER, controls, approvals = { grants: 'required' } } = options;
  const mcp = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Waybill logistics domain' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Logistics domain of Waybill: shipments (TTN-XXXXXX), stock (SKU-XXXX), delivery prices, and cancellation with refund, which runs only on a human approval (answer approval_required with an approval_id to repeat once approved). Errors come back as {"status":"error","problems":[...]}.',
    },
  );
  const { searchPolicies } = options;
  const tools = [...DOMAIN_TOOLS, ...(searchPolicies ? [SEARCH_POLICIES_TOOL] : [])].map(toolListing);
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const started = performance.now();
    const { name, arguments: args, _meta: meta } = request.params;
    const result = await callTool(name, args, meta);
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    await audit(name, args, result, durationMs);
    logger.info('tool call', { tool: name, tenant: caller.tenant, caller: caller.principal, status: result.status, ms: durationMs });
    return asCallToolResult(result);
  });

  async function callTool(name: string, args: unknown, meta: Record<string, unknown> | undefined): Promise<ToolResult> {
    const isSearch = name === SEARCH_POLICIES_TOOL.name && searchPolicies !== undefined;
    const tool = findDomainTool(name);
    if (!tool && !isSearch) return errorEnvelope([`tool: unknown tool ${JSON.stringify(name.slice(0, 64))}; available: ${tools.map((t) => t.name).join(', ')}`]);
    try {
      const refusal = checkBoundary(caller, { name, risk: tool?.risk ?? 'read' }, controls && (await controls.snapshot(caller.tenant)));
      if (refusal) return refusal;
      if (isSearch) {
        const agent = caller.channel === 'in-process' ? (typeof meta?.[CALLER_META_KEY] === 'string' ? meta[CALLER_META_KEY] : undefined) : KNOWLEDGE_ENTRY_FOR_ROLE[caller.role];
        return await runSearch(searchPolicies, agent, args, logger);
      }
      // Origins are the in-process runtime's trace, shown to the human who decides; a transport's caller
      // could claim anything, so theirs are not taken.
      const origins = caller.channel === 'in-process' ? originsFrom(meta?.[ORIGINS_META_KEY]) : undefined;
      const fromData = tool && checkOrigins(tool, origins);
      if (fromData) return fromData;
      return await (tool as NonNullable<typeof tool>).run({ store, now, caller, approvals, ...(origins && { origins }) }, args);
    } catch (error) {
      // A store failure is not the caller's fault and writes run in one transaction, so nothing was changed.
      logger.error('tool failed', { tool: name, error: error instanceof Error ? error.message : String(error) });
      return errorEnvelope([`internal: ${name} could not reach the domain store; nothing was changed, try again later`]);
    }
  }

  async function audit(tool: string, args: unknown, result: ToolResult, durationMs: number): Promise<void> {
    try {
      await store.audit.append({
        type: 'tool.call',
        tenant: caller.tenant,
        at: now().toISOString(),
        subject: tool.slice(0, 64),
        body: {
          caller: caller.principal,
          channel: caller.channel,
          role: caller.role,
          args_hash: argsHash(args ?? {}),
          status: result.status,
          duration_ms: durationMs,
          ...(result.status === 'refused' && { reason: result.reason }),
          ...(result.status === 'approval_required' && { approval_id: result.approval_id }),
        },
      });
    } catch (error) {
      logger.error('audit append failed', { tool, error: error instanceof Error ? error.message : String(error) });
    }
  }

  return mcp;
}

function originsFrom(value: unknown): Record<string, ArgOrigin> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, ArgOrigin] => (ARG_ORIGINS as readonly unknown[]).includes(entry[1]));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

async function runSearch(search: NonNullable<WaybillMcpServerOptions['searchPolicies']>, agent: string | undefined, args: unknown, logger: Logger): Promise<ToolResult> {
  const parsed = parseArgs(SEARCH_POLICIES_TOOL.inputSchema, args);
  if (!parsed.success) return errorEnvelope(parsed.problems);
  try {
    return await search(agent, parsed.value);
  } catch (error) {
    logger.error('search_policies failed', { error: error instanceof Error ? error.message : String(error) });
    return errorEnvelope(['internal: the knowledge base could not be searched; try again later']);
  }
}

/** The same object as JSON text (for clients that read text) and as structured content. */
function asCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
    isError: result.status !== 'ok',
  };
}
