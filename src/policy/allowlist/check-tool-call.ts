import type { ErrorEnvelope } from '../../domain/index.js';
import { errorEnvelope, findDomainTool, parseArgs, SEARCH_POLICIES_TOOL } from '../../domain/index.js';
import type { StopReason } from '../stop-reason.js';
import { toolStop } from '../stop-reason.js';
import type { DomainPolicy } from './domain-policy.js';
import { DEFAULT_DOMAIN_POLICY } from './domain-policy.js';
import type { RolesTable } from './roles-table.js';
import { isToolAllowed } from './roles-table.js';

/** Why a call was denied; the run stops with `policy_deny:<tool>`. */
type DenyCause = 'unknown_agent' | 'not_allowed' | 'unknown_tool' | 'read_only' | 'tool_disabled' | 'refund_cap' | 'untrusted_origin';

export type ToolCallVerdict =
  | { verdict: 'allow'; needsApproval: boolean }
  | { verdict: 'deny'; cause: DenyCause; stopReason: StopReason; detail: string }
  /** Arguments are malformed: the model gets the envelope back and may correct them; the run goes on. */
  | { verdict: 'invalid'; result: ErrorEnvelope };

export interface ToolCallRequest {
  roles: RolesTable;
  agent: string;
  tool: string;
  args: unknown;
  policy?: DomainPolicy;
  /** Tools switched off by an operator (read from the control store on every step). */
  disabledTools?: ReadonlySet<string>;
}

/**
 * Second line of defence, run at call time whatever the model was shown: re-checks the agent, the tool
 * and the arguments against the roles table, the schemas and the domain policy.
 */
export function checkToolCall(request: ToolCallRequest): ToolCallVerdict {
  const { roles, agent, tool, args, policy = DEFAULT_DOMAIN_POLICY, disabledTools } = request;
  const deny = (cause: DenyCause, detail: string): ToolCallVerdict => ({ verdict: 'deny', cause, stopReason: toolStop('policy_deny', tool), detail });
  if (!Object.hasOwn(roles, agent)) return deny('unknown_agent', `agent ${agent} is not in the roles table`);
  if (!isToolAllowed(roles, agent, tool)) return deny('not_allowed', `${agent} may not call ${tool}`);
  const definition = guardedTool(tool);
  if (!definition) return deny('unknown_tool', `${tool} is not a domain tool`);
  if (disabledTools?.has(tool)) return deny('tool_disabled', `${tool} is switched off by an operator`);
  const write = definition.risk !== 'read';
  if (write && policy.readOnly) return deny('read_only', `read-only mode refuses ${tool}`);

  const parsed = parseArgs(definition.inputSchema, args);
  if (!parsed.success) return { verdict: 'invalid', result: errorEnvelope(parsed.problems) };
  if (!write) return { verdict: 'allow', needsApproval: false };

  const refund = (parsed.value as { refund_uah?: number }).refund_uah ?? 0;
  if (refund > policy.refundCapUah) return deny('refund_cap', `refund ${refund} UAH is over the cap of ${policy.refundCapUah} UAH`);
  return { verdict: 'allow', needsApproval: !(refund < policy.autoApproveBelowUah) };
}

/** A tool the policy layer knows: a domain tool, or knowledge search (read-only). */
export function guardedTool(name: string): { risk: 'read' | 'irreversible'; inputSchema: Parameters<typeof parseArgs>[0] } | undefined {
  if (name === SEARCH_POLICIES_TOOL.name) return { risk: 'read', inputSchema: SEARCH_POLICIES_TOOL.inputSchema };
  return findDomainTool(name);
}
