import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import type { RolesTable, StopReason, ToolCallVerdict } from '../../policy/index.js';
import { checkArgOrigins, checkToolCall, checkWriteOrigin } from '../../policy/index.js';
import { callArgs, traceArgOrigins } from './arg-origins.js';
import type { RunLedger } from './run-ledger.js';

/**
 * The policy verdict on one proposed call, the same whether it is checked when the model proposes it
 * (so a call policy denies is never put to a human) or when it is about to run: the roles table, the
 * arguments, the domain policy (refund cap), the operator's tool switches and read-only mode as the run
 * last read them, and for an irreversible tool that the target was named by the user, not by data.
 */
export function vetToolCall(run: RunLedger, call: { agent: string; tool: string; args: Record<string, unknown> }, roles: RolesTable = ROLES_TABLE): ToolCallVerdict {
  const { agent, tool, args } = call;
  const policy = run.controls?.readOnly ? { ...run.init.policy, readOnly: true } : run.init.policy;
  const verdict = checkToolCall({ roles, agent, tool, args, policy, disabledTools: run.controls?.disabledTools ?? new Set() });
  if (verdict.verdict !== 'allow' || findDomainTool(tool)?.risk !== 'irreversible') return verdict;
  const origin = checkWriteOrigin({ args, trustedText: run.init.trustedText });
  if (!origin.allowed) return { verdict: 'deny', cause: 'untrusted_origin', stopReason: `policy_deny:${tool}`, detail: origin.detail };
  // Structure, not detection (issue 34): a target or an amount that only third-party text supports
  // (a shipment note, a retrieved passage) is refused whatever the guards made of that text; the
  // user naming them in their own words is what authorises them.
  const fromData = checkArgOrigins(traceArgOrigins(run, callArgs(args)).origins);
  return fromData.allowed ? verdict : { verdict: 'deny', cause: 'untrusted_origin', stopReason: `policy_deny:${tool}`, detail: fromData.detail };
}


/**
 * Ends the run on a proposed call the policy denies, before a human or the tool sees it: the stop
 * (first reason wins), its `policy.deny` event and the call counted as denied.
 */
export function refuseProposedCall(run: RunLedger, call: { agent: string; tool: string; args: Record<string, unknown> }, verdict: { stopReason: StopReason; detail: string }): void {
  const { agent, tool, args } = call;
  run.stop(verdict.stopReason, verdict.detail);
  run.audit({ agent, type: 'policy.deny', tool, args, status: 'denied', detail: verdict.detail });
  run.toolCalls.push({ agent, tool, args, status: 'denied', duration_ms: 0 });
}
