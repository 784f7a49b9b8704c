import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, LoggingLevel, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ApprovalPolicy, Caller, DomainStore, RefusedResult, ToolResult } from '../domain/index.js';
import { ARG_ORIGINS, argsHash, AuditAppendError, CALLER_META_KEY, callerRoleAtLeast, DOMAIN_TOOLS, errorEnvelope, findDomainTool, ORIGINS_META_KEY, parseArgs, SEARCH_POLICIES_TOOL } from '../domain/index.js';
import type { ArgOrigin } from '../domain/index.js';
import type { SearchPoliciesInput } from '../domain/index.js';
import type { ControlStore } from '../policy/index.js';
import { countAuditAppendFailure } from './audit-append-failures.js';
import { redactToolArgs } from './redact-tool-args.js';
import { checkBoundary, checkOrigins } from './boundary-check.js';
import { MAX_COMPLETIONS, trackingIdPrefix } from './completions.js';
import { clientCanElicit, elicitApproval } from './elicit-approval.js';
import { installMcpLogging } from './mcp-logging.js';
import { PACKAGE_VERSION } from './package-version.js';
import type { PolicyDocuments } from '../domain/index.js';
import { registerPrompts } from './register-prompts.js';
import { registerResources } from './register-resources.js';
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

/** How a domain call was made: a tool call, or a resource read or prompt that reads the same way. */
type CallPath = 'tools/call' | 'resource' | 'prompt';

/** The part of a request handler's context a tool call uses: its id and its own notification channel. */
interface RequestContext {
  requestId: string | number;
  sendNotification: (notification: ServerNotification) => Promise<void>;
}

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
  /** Serves the policy documents as resources when given, each caller reading as its role's entry. */
  policyDocuments?: PolicyDocuments;
  /**
   * Ask for the approval decision in the client when the client declares the elicitation capability
   * (the grant is still the check; the approval link stays the way for every other client). Default true.
   */
  elicitApprovals?: boolean;
  /** How long an approval question waits for its answer before the link remains the way. Default 10 minutes. */
  elicitationTimeoutMs?: number;
  /**
   * The tenant's rollout stage for a caller other than the in-process runtimes (which check it when a
   * run starts and when its irreversible call would run), read for every call; a refusal is returned as is.
   */
  stageCheck?: (caller: Caller, tool: { name: string; risk: 'read' | 'irreversible' }) => Promise<RefusedResult | undefined>;
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
  const { searchPolicies, elicitApprovals = true, elicitationTimeoutMs = 10 * 60_000, stageCheck } = options;
  const mcp = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'Waybill logistics domain' },
    {
      capabilities: { tools: { listChanged: false }, logging: {} },
      instructions:
        'Logistics domain of Waybill: shipments (TTN-XXXXXX), stock (SKU-XXXX), delivery prices, and cancellation with refund, which runs only on a human approval (answer approval_required with an approval_id to repeat once approved; clients that support elicitation are asked for the decision directly). Errors come back as {"status":"error","problems":[...]}. Resources: waybill://shipments/{tracking_id} and the company policies; prompts: track, quote, cancel.',
    },
  );
  // The runtimes' in-process sessions keep their own trace and audit; log lines to them would be work for nobody.
  const logging = installMcpLogging(mcp.server, { enabled: caller.channel !== 'in-process' });
  const tools = [...DOMAIN_TOOLS, ...(searchPolicies ? [SEARCH_POLICIES_TOOL] : [])].map(toolListing);
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, _meta: meta } = request.params;
    // Arguments are stored (approval requests, cancellations, the audit chain): personal data in them never is.
    const args = redactToolArgs(request.params.arguments);
    if (!tools.some((tool) => tool.name === name)) {
      // The spec lists an unknown tool as a protocol error (-32602), not a tool result; still audited.
      const shown = JSON.stringify(name.slice(0, 64));
      await audit(name, args, errorEnvelope([`tool: unknown tool ${shown}`]), 0, 'tools/call');
      await logging.log(extra.sendNotification, 'warning', { event: 'tool.call', tool: name.slice(0, 64), status: 'unknown_tool' });
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${shown}; available: ${tools.map((t) => t.name).join(', ')}`, { tool: name.slice(0, 64), available: tools.map((t) => t.name) });
    }
    return asCallToolResult(await runTool(name, args, meta, extra, 'tools/call'));
  });

  /** One domain call as every path makes it: checked, run, (maybe) decided by elicitation, audited and logged. */
  async function runTool(name: string, args: unknown, meta: Record<string, unknown> | undefined, context: RequestContext, path: CallPath): Promise<ToolResult> {
    const started = performance.now();
    await logging.log(context.sendNotification, 'debug', () => ({ event: 'tool.start', tool: name, via: path, args_hash: argsHash(args ?? {}) }));
    let result = await callTool(name, args, meta);
    if (result.status === 'approval_required' && elicitApprovals && caller.channel !== 'in-process' && clientCanElicit(mcp.server)) {
      const asked = await elicitApproval(result, { server: mcp.server, store, caller, logger, relatedRequestId: context.requestId, timeoutMs: elicitationTimeoutMs });
      await logging.log(context.sendNotification, 'notice', { event: 'approval.elicited', approval_id: result.approval_id, ...(asked.repeat ? { decided: true } : { decided: false, why: asked.why }) });
      if (asked.repeat) result = await callTool(name, { ...(typeof args === 'object' && args !== null ? args : {}), approval_id: result.approval_id }, meta);
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    await audit(name, args, result, durationMs, path);
    logger.info('tool call', { tool: name, tenant: caller.tenant, caller: caller.principal, status: result.status, ms: durationMs, ...(path !== 'tools/call' && { via: path }) });
    await logging.log(context.sendNotification, levelOf(result), () => ({
      event: 'tool.call',
      tool: name,
      via: path,
      status: result.status,
      duration_ms: durationMs,
      ...(result.status === 'approval_required' && { approval_id: result.approval_id, decide: result.decide.console }),
      ...(result.status === 'refused' && { reason: result.reason }),
      ...((result.status === 'error' || result.status === 'refused') && { problems: result.problems.slice(0, 3) }),
    }));
    return result;
  }

  async function callTool(name: string, args: unknown, meta: Record<string, unknown> | undefined): Promise<ToolResult> {
    const isSearch = name === SEARCH_POLICIES_TOOL.name && searchPolicies !== undefined;
    const tool = findDomainTool(name);
    if (!tool && !isSearch) return errorEnvelope([`tool: unknown tool ${JSON.stringify(name.slice(0, 64))}; available: ${tools.map((t) => t.name).join(', ')}`]);
    try {
      const refusal = checkBoundary(caller, { name, risk: tool?.risk ?? 'read' }, controls && (await controls.snapshot(caller.tenant)));
      if (refusal) return refusal;
      const stageRefusal = stageCheck && caller.channel !== 'in-process' ? await stageCheck(caller, { name, risk: tool?.risk ?? 'read' }) : undefined;
      if (stageRefusal) return stageRefusal;
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
      // An effect's entries are written in its transaction: without them the effect rolled back (fail closed).
      if (error instanceof AuditAppendError) return errorEnvelope([`audit: ${error.message}; nothing was changed`]);
      return errorEnvelope([`internal: ${name} could not reach the domain store; nothing was changed, try again later`]);
    }
  }

  async function audit(tool: string, args: unknown, result: ToolResult, durationMs: number, path: CallPath): Promise<void> {
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
          ...(path !== 'tools/call' && { via: path }),
          ...(result.status === 'refused' && { reason: result.reason }),
          ...(result.status === 'approval_required' && { approval_id: result.approval_id }),
        },
      });
    } catch (error) {
      // The call itself is done (a read, or a call with no effect): its answer stands, the gap is logged and counted.
      countAuditAppendFailure(caller.tenant, tool.slice(0, 64));
      logger.error('audit append failed', { tool, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The caller's own tracking ids for a completion; nothing while the caller may not read shipments. */
  async function completeTrackingId(value: string): Promise<string[]> {
    const prefix = trackingIdPrefix(value);
    if (prefix === undefined) return [];
    try {
      if (checkBoundary(caller, { name: 'track_shipment', risk: 'read' }, controls && (await controls.snapshot(caller.tenant)))) return [];
      return await store.listTrackingIds(caller.tenant, prefix, MAX_COMPLETIONS);
    } catch (error) {
      logger.error('tracking id completion failed', { error: error instanceof Error ? error.message : String(error) });
      return [];
    }
  }

  const readShipment = (path: CallPath) => (trackingId: string, context: RequestContext) => runTool('track_shipment', { tracking_id: trackingId }, undefined, context, path);
  registerResources(mcp, {
    readShipment: readShipment('resource'),
    completeTrackingId,
    ...(options.policyDocuments && { policies: { documents: options.policyDocuments, entry: KNOWLEDGE_ENTRY_FOR_ROLE[caller.role] } }),
  });
  registerPrompts(mcp, { mayCancel: callerRoleAtLeast(caller.role, 'operator'), readShipment: readShipment('prompt'), completeTrackingId });
  // The SDK's registration helpers claim list-changed notifications; nothing here changes a list mid-session.
  mcp.server.registerCapabilities({ tools: { listChanged: false }, prompts: { listChanged: false } });
  return mcp;
}

/** The client's log level a tool call is reported at: a problem is a warning, a store failure an error. */
function levelOf(result: ToolResult): LoggingLevel {
  if (result.status === 'ok') return 'info';
  if (result.status === 'approval_required') return 'notice';
  if (result.status === 'error' && result.problems.some((p) => p.startsWith('internal:'))) return 'error';
  return 'warning';
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
