import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { DomainStore, ToolResult } from '../domain/index.js';
import { CALLER_META_KEY, DOMAIN_TOOLS, errorEnvelope, findDomainTool, parseArgs, SEARCH_POLICIES_TOOL } from '../domain/index.js';
import type { SearchPoliciesInput } from '../domain/index.js';
import { PACKAGE_VERSION } from './package-version.js';
import type { Logger } from './stderr-logger.js';
import { silentLogger } from './stderr-logger.js';
import { toolListing } from './tool-listing.js';

export const SERVER_NAME = 'waybill';
export const SERVER_VERSION = PACKAGE_VERSION;

export interface WaybillMcpServerOptions {
  store: DomainStore;
  /** Clock for timestamps the tools write; defaults to the system clock. */
  now?: () => Date;
  logger?: Logger;
  /**
   * Serves `search_policies` when given: the knowledge base's scoped search. `agent` is the caller named
   * in the request's `_meta` by the runtime (undefined when absent: the search must then return nothing).
   */
  searchPolicies?: (agent: string | undefined, args: SearchPoliciesInput) => Promise<ToolResult>;
}

/**
 * The one MCP server through which every agent reaches the domain. Tool handlers are registered on the
 * protocol layer directly (not through McpServer.registerTool) because the SDK's own argument validation
 * answers in its own format; Waybill's contract is the `{"status":"error","problems":[...]}` envelope.
 */
export function createWaybillMcpServer(options: WaybillMcpServerOptions): McpServer {
  const { store, now = () => new Date(), logger = silentLogger } = options;
  const mcp = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Waybill logistics domain' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Logistics domain of Waybill: shipments (TTN-XXXXXX), stock (SKU-XXXX), delivery prices, and cancellation with refund. Errors come back as {"status":"error","problems":[...]}.',
    },
  );
  const { searchPolicies } = options;
  const tools = [...DOMAIN_TOOLS, ...(searchPolicies ? [SEARCH_POLICIES_TOOL] : [])].map(toolListing);
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const started = performance.now();
    const { name, arguments: args, _meta: meta } = request.params;
    const caller = typeof meta?.[CALLER_META_KEY] === 'string' ? (meta[CALLER_META_KEY] as string) : undefined;
    const result =
      name === SEARCH_POLICIES_TOOL.name && searchPolicies
        ? await runSearch(searchPolicies, caller, args, logger)
        : await runTool(name, args, { store, now }, logger);
    logger.info('tool call', { tool: name, status: result.status, ms: Math.round((performance.now() - started) * 100) / 100 });
    return asCallToolResult(result);
  });
  return mcp;
}

async function runTool(name: string, args: unknown, context: { store: DomainStore; now: () => Date }, logger: Logger): Promise<ToolResult> {
  const tool = findDomainTool(name);
  if (!tool) return errorEnvelope([`tool: unknown tool ${JSON.stringify(name.slice(0, 64))}; available: ${DOMAIN_TOOLS.map((t) => t.name).join(', ')}`]);
  try {
    return await tool.run(context, args);
  } catch (error) {
    // A store failure is not the caller's fault and writes run in one transaction, so nothing was changed.
    logger.error('tool failed', { tool: name, error: error instanceof Error ? error.message : String(error) });
    return errorEnvelope([`internal: ${name} could not reach the domain store; nothing was changed, try again later`]);
  }
}

async function runSearch(search: NonNullable<WaybillMcpServerOptions['searchPolicies']>, caller: string | undefined, args: unknown, logger: Logger): Promise<ToolResult> {
  const parsed = parseArgs(SEARCH_POLICIES_TOOL.inputSchema, args);
  if (!parsed.success) return errorEnvelope(parsed.problems);
  try {
    return await search(caller, parsed.value);
  } catch (error) {
    logger.error('search_policies failed', { error: error instanceof Error ? error.message : String(error) });
    return errorEnvelope(['internal: the knowledge base could not be searched; try again later']);
  }
}

/** The same object as JSON text (for clients that read text) and as structured content. */
export function asCallToolResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
    isError: result.status === 'error',
  };
}
