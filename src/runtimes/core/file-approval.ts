import { canonicalJson } from '../../domain/index.js';
import { isStopReason } from '../../policy/index.js';
import type { StopReason } from '../../policy/index.js';
import type { RunPending } from '../../telemetry/index.js';
import { callArgs, traceArgOrigins } from './arg-origins.js';
import type { DomainBoundary } from './domain-boundary.js';
import type { RunLedger } from './run-ledger.js';

const callKey = (tool: string, args: Readonly<Record<string, unknown>>) => `${tool}:${canonicalJson(callArgs(args))}`;

/** What the boundary said to a call made without a grant: filed for approval, refused by a switch or role, or refused by the domain. */
export type BoundaryAsk = { kind: 'filed'; approvalId: string } | { kind: 'refused'; reason: StopReason; detail: string } | { kind: 'domain_error'; problems: string[] };

/**
 * Makes `call` at the boundary as `tenant` without a grant: the one way a runtime obtains an approval
 * request (a pause, a late filing, an automatic approval). The server checks and files; this reads its answer.
 */
export async function askForApproval(boundary: Pick<DomainBoundary, 'call'>, tenant: string, call: { agent: string; tool: string; args: Record<string, unknown>; origins?: Record<string, string> }): Promise<BoundaryAsk> {
  const reply = await boundary.call({ tenant, ...call });
  let answer: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(reply.text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
  } catch {
    // An answer that is not JSON is a refusal like any other, named below.
  }
  if (answer.status === 'approval_required' && typeof answer.approval_id === 'string') return { kind: 'filed', approvalId: answer.approval_id };
  const problems = Array.isArray(answer.problems) ? answer.problems.map(String) : [`the server answered ${String(answer.status)}`];
  if (answer.status === 'refused') return { kind: 'refused', reason: isStopReason(answer.reason) ? answer.reason : `policy_deny:${call.tool}`, detail: problems.join('; ') };
  return { kind: 'domain_error', problems };
}

/** What filing a pause's call came to: the pause carrying its approval, or the boundary's refusal. */
type Filing = { kind: 'filed'; pending: RunPending } | Exclude<BoundaryAsk, { kind: 'filed' }>;

/**
 * Files the approval a pause is about to wait on, at the boundary: the call goes to the MCP server as
 * the run's tenant without a grant, and the server, after its own checks (switches, tenancy,
 * arguments, "at most what was paid"), stores the request and answers `approval_required` with its
 * id; the pause then carries that id and the traced argument origins. Called by the adapters when the
 * model proposes the call (LangGraph's `when`, the Agents SDK's `needsApproval`). Returns whether to
 * pause: a call the domain refuses (an unknown or foreign shipment, a refund above what was paid) is
 * not put to a human but runs on, so the server's answer reaches the model. Without a boundary (a bare
 * test ledger) every such call pauses.
 */
export async function fileBeforePause(run: RunLedger, call: RunPending): Promise<boolean> {
  if (!run.init.boundary || run.inResumedRun) return true;
  const filing = await file(run, call);
  if (filing.kind === 'filed') run.filedApprovals.set(callKey(call.tool, call.args), filing.pending);
  if (filing.kind === 'refused') run.stop(filing.reason, filing.detail);
  return filing.kind !== 'domain_error';
}

/**
 * The pause a run finishes with, carrying the approval filed for it: the one filed when the call was
 * proposed, or (for a pause no adapter filed) one filed now. A call the server refuses here is not put
 * to a human: the run stops with the server's reason and says why.
 */
export async function fileApproval(run: RunLedger, pending: RunPending): Promise<RunPending | undefined> {
  if (!run.init.boundary || pending.approval_id !== undefined) return pending;
  const early = run.filedApprovals.get(callKey(pending.tool, pending.args));
  if (early) return { ...pending, ...early, agent: pending.agent };
  const filing = await file(run, pending);
  if (filing.kind === 'filed') return filing.pending;
  const reason = filing.kind === 'refused' ? filing.reason : (`policy_deny:${pending.tool}` as const);
  const detail = filing.kind === 'refused' ? filing.detail : filing.problems.join('; ');
  run.stop(reason, detail);
  run.audit({ agent: pending.agent, type: 'policy.deny', tool: pending.tool, args: pending.args, status: 'denied', detail });
  run.toolCalls.push({ agent: pending.agent, tool: pending.tool, args: pending.args, status: 'denied', duration_ms: 0 });
  return undefined;
}

async function file(run: RunLedger, call: RunPending): Promise<Filing> {
  const { boundary, tenant } = run.init;
  if (!boundary) throw new Error('no boundary to file an approval at');
  const args = callArgs(call.args);
  const { origins, thirdPartyTarget } = traceArgOrigins(run, args);
  let asked: BoundaryAsk;
  try {
    asked = await askForApproval(boundary, tenant, { agent: call.agent, tool: call.tool, args, origins });
  } catch (error) {
    return { kind: 'refused', reason: `tool_error_exhausted:${call.tool}`, detail: `the approval could not be filed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (asked.kind !== 'filed') return asked;
  run.audit({ agent: call.agent, type: 'approval.requested', tool: call.tool, args, status: 'pending', detail: `filed as ${asked.approvalId}` });
  return { kind: 'filed', pending: { ...call, args, approval_id: asked.approvalId, origins, ...(thirdPartyTarget && { third_party_target: true }) } };
}
