import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import type { DomainPolicy, ToolCallVerdict } from '../../policy/index.js';
import { checkToolCall, checkWriteOrigin } from '../../policy/index.js';

/**
 * The policy layer's verdict on one proposed call, as LangGraph's middleware reaches it: the roles
 * table, the arguments, the refund cap and read-only switch (`checkToolCall`), and for irreversible
 * tools that the target was named by the user, not by data a tool returned (`checkWriteOrigin`).
 */
export function vetToolCall(call: { agent: string; tool: string; args: Record<string, unknown>; trustedText: string; policy: DomainPolicy }): ToolCallVerdict {
  const verdict = checkToolCall({ roles: ROLES_TABLE, agent: call.agent, tool: call.tool, args: call.args, policy: call.policy });
  if (verdict.verdict !== 'allow' || findDomainTool(call.tool)?.risk !== 'irreversible') return verdict;
  const origin = checkWriteOrigin({ args: call.args, trustedText: call.trustedText });
  return origin.allowed ? verdict : { verdict: 'deny', cause: 'untrusted_origin', stopReason: `policy_deny:${call.tool}`, detail: origin.detail };
}
