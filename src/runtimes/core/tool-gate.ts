import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import type { RolesTable } from '../../policy/index.js';
import { idempotencyKey } from '../../policy/index.js';
import type { RunToolCall } from '../../telemetry/index.js';
import type { RunLedger } from './run-ledger.js';
import { askForApproval } from './file-approval.js';
import { scanToolResult } from './scan-tool-result.js';
import { vetToolCall } from './vet-tool-call.js';

/** One domain tool call an agent asks for. */
export interface ToolCallProposal {
  agent: string;
  tool: string;
  args: Record<string, unknown>;
}

/** What the MCP server answered: its text and its `isError` flag, as sent. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
}

/** What the model gets back: the content (wrapped as data, or a denial envelope) and how the call went. */
export interface GatedResult {
  status: 'ok' | 'error' | 'denied';
  content: string;
}

const envelope = (status: 'error' | 'denied', problem: string) => JSON.stringify({ status, problems: [problem] });

/**
 * The one gate every domain tool call of every runtime goes through, in this order: the operator's
 * switches read fresh (kill, tenant), call vetting (allowlist, arguments, domain policy, tool switches,
 * read-only mode, write origin), for a write the execution check (a rollout stage read now), loop detection, rate limit, concurrency cap, breaker and timeout,
 * idempotency key, the call itself, audit, the result status from MCP's `isError`, the tool-output scan
 * and data wrapping. A refusal is returned as an envelope the model reads; a refusal that must end the
 * run also stops the ledger (first stop reason wins).
 */
export async function gateToolCall(run: RunLedger, call: ToolCallProposal, execute: (args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolOutcome>, roles: RolesTable = ROLES_TABLE): Promise<GatedResult> {
  const { agent, tool, args } = call;
  const record = (status: 'ok' | 'error' | 'denied', duration = 0, effect?: RunToolCall['effect']) => run.toolCalls.push({ agent, tool, args, status, duration_ms: duration, ...(effect && { effect }) });
  const deny = (detail: string): GatedResult => {
    run.audit({ agent, type: 'policy.deny', tool, args, status: 'denied', detail });
    record('denied');
    run.addEvidence({ tool, args, outcome: 'denied', text: envelope('denied', detail) });
    return { status: 'denied', content: envelope('denied', `${tool}: ${detail}`) };
  };
  if (run.stopped) return deny(`the run is stopped (${run.stopped.reason})`);
  // Switches read again here, not only before the model call: an approved call resumes with no model
  // call before it, and an operator may have switched the tool off while the run waited.
  run.controls = await run.init.controls.snapshot(run.init.tenant);
  if (run.controls.killed || run.controls.tenantDisabled) {
    const reason = run.controls.killed ? 'operator_kill' : 'tenant_disabled';
    run.stop(reason, `stopped before ${tool}`);
    run.audit({ agent, type: reason === 'operator_kill' ? 'kill' : 'budget.stop', tool, status: 'denied', detail: reason });
    record('denied');
    return { status: 'denied', content: envelope('denied', `${tool}: ${reason}`) };
  }
  const verdict = vetToolCall(run, call, roles);
  if (verdict.verdict === 'deny') {
    run.stop(verdict.stopReason, verdict.detail);
    return deny(verdict.detail);
  }
  if (verdict.verdict === 'invalid') {
    record('error');
    run.addEvidence({ tool, args, outcome: 'error', text: JSON.stringify(verdict.result) });
    return { status: 'error', content: JSON.stringify(verdict.result) };
  }
  const write = findDomainTool(tool)?.risk === 'irreversible';
  // Read now, not when a human was asked: an approved call may resume after the tenant's stage changed.
  const refusal = write ? await run.init.executionCheck?.({ tenant: run.init.tenant, tool }) : undefined;
  if (refusal) {
    run.stop(refusal.stopReason, refusal.detail);
    return deny(refusal.detail);
  }
  if (run.init.loops.record(tool, args)) {
    run.stop('loop_detected', `${tool} repeated with the same arguments`);
    return deny('the same call was repeated; the run is stopped');
  }
  // Throttling is the model's to read and work around, not a reason to end the run.
  const rate = run.init.rateLimiter.take(run.init.tenant, tool);
  if (!rate.allowed) {
    record('error');
    const text = envelope('error', `rate_limit: too many ${tool} calls for this tenant; retry after ${rate.retryAfterMs} ms`);
    run.addEvidence({ tool, args, outcome: 'error', text });
    return { status: 'error', content: text };
  }
  // A write presents the grant of the decided pause it resumes; below the auto-approve threshold the
  // policy's own decision is recorded in the store and its grant presented, as a human's would be.
  const granted = write ? (run.takeGrant() ?? (verdict.needsApproval === false ? await autoGrant(run, agent, tool, args) : undefined)) : undefined;
  const finalArgs = write ? { ...args, idempotency_key: idempotencyKey(run.init.threadId, tool, args), ...(granted && { approval_id: granted }) } : args;
  const started = performance.now();
  const capped = await run.init.concurrency.run(run.init.tenant, tool, () => run.init.resilience.execute(tool, (signal) => execute(finalArgs, signal)));
  const duration = Math.round(performance.now() - started);
  if (!capped.ok) {
    record('error', duration);
    const text = envelope('error', `concurrency: ${capped.detail}; retry later`);
    run.addEvidence({ tool, args, outcome: 'error', text });
    return { status: 'error', content: text };
  }
  const outcome = capped.value;
  if (!outcome.ok) {
    run.stop(outcome.stopReason, outcome.detail);
    run.audit({ agent, type: 'tool.call', tool, args, status: 'error', duration_ms: duration, detail: outcome.detail });
    record('error', duration);
    run.addEvidence({ tool, args, outcome: 'error', text: envelope('error', outcome.detail) });
    return { status: 'denied', content: envelope('denied', `${tool}: ${outcome.detail}`) };
  }
  const { text, isError } = outcome.value;
  record(isError ? 'error' : 'ok', duration, write && !isError ? effectOf(text) : undefined);
  run.audit({ agent, type: 'tool.call', tool, args, status: isError ? 'error' : 'ok', duration_ms: duration });
  return { status: isError ? 'error' : 'ok', content: scanToolResult(run, call, text, isError) };
}

/** The cancellation an irreversible call's answer names, for its record (reconcileRun compares it with the domain). */
function effectOf(text: string): RunToolCall['effect'] {
  try {
    const parsed = JSON.parse(text) as { status?: unknown; cancellation_id?: unknown; refund_uah?: unknown };
    if (parsed.status === 'ok' && typeof parsed.cancellation_id === 'string' && typeof parsed.refund_uah === 'number') return { cancellation_id: parsed.cancellation_id, refund_uah: parsed.refund_uah };
  } catch {
    // Not JSON: an answer without an effect to name.
  }
  return undefined;
}

/**
 * Files the call at the boundary and records the policy's `auto` decision on it (refunds below the
 * configured threshold), so even an automatic cancellation runs on a grant from the store. Undefined
 * when there is no boundary or the server does not ask for approval (it then answers the call itself).
 */
async function autoGrant(run: RunLedger, agent: string, tool: string, args: Record<string, unknown>): Promise<string | undefined> {
  const { boundary, tenant, policy } = run.init;
  if (!boundary) return undefined;
  const asked = await askForApproval(boundary, tenant, { agent, tool, args });
  if (asked.kind !== 'filed') return undefined;
  const decided = await boundary.approvals.decide({ approvalId: asked.approvalId, tenant, kind: 'auto', decidedBy: `threshold:below ${policy.autoApproveBelowUah} UAH` });
  if (decided.kind !== 'decided') return undefined;
  run.audit({ agent, type: 'approval.decided', tool, args, status: 'ok', detail: `auto-approved below the threshold as ${asked.approvalId}` });
  return asked.approvalId;
}
