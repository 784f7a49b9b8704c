import { canonicalJson } from '../../domain/index.js';
import type { RunApproval, RunPending } from '../../telemetry/index.js';
import type { RecordedDecision } from './record-decision.js';
import type { RunLedger } from './run-ledger.js';

/**
 * Opens the run that resumes a decided pause: it answers the approval rather than asking for one, presents
 * the grant of an approval or edit with its irreversible call, audits the decision, and counts a
 * rejected call as one. Returns the approval the run's record carries.
 */
export function applyDecision(run: RunLedger, pending: RunPending, recorded: RecordedDecision): RunApproval {
  const { decision } = recorded;
  run.resuming = true;
  if (decision.type !== 'reject') run.presentGrant(recorded.approvalId);
  const args = decision.type === 'edit' ? recorded.args : pending.args;
  const why = decision.type === 'reject' ? `: ${decision.reason}` : '';
  run.audit({ agent: pending.agent, parent: 'supervisor', type: 'approval.decided', tool: pending.tool, args, status: decision.type === 'reject' ? 'denied' : 'ok', detail: `${decision.type} by ${decision.by}${why} (${recorded.approvalId}); args ${canonicalJson(args)}` });
  if (decision.type === 'reject') run.toolCalls.push({ agent: pending.agent, tool: pending.tool, args: pending.args, status: 'rejected', duration_ms: 0 });
  return { decision: decision.type, by: decision.by, at: run.started.toISOString(), args, approval_id: recorded.approvalId, ...(decision.type === 'reject' && { reason: decision.reason }) };
}
