import type { ApprovalRequest } from '../../domain/index.js';
import { decideApproval } from '../../domain/index.js';
import type { RunPending } from '../../telemetry/index.js';
import { editRefused } from './check-edit.js';
import { DecisionError } from './decision-error.js';
import type { DomainBoundary } from './domain-boundary.js';
import { askForApproval } from './file-approval.js';
import type { Decision } from './runtime.js';

/**
 * A decision as the approval store recorded it: the approval whose grant the resumed call presents, the
 * arguments approved, and the decision itself, which is the one the store holds: when the approval was
 * already decided (by this decision before a crash, or elsewhere, such as an MCP client), that one.
 */
export interface RecordedDecision {
  approvalId: string;
  args: Record<string, unknown>;
  decision: Decision;
}

/**
 * Records an operator's decision on a pause in the approval store, once, atomically (of two deciders
 * exactly one wins), before anything runs: an approval or edit creates the grant the resumed call then
 * presents at the boundary. An edit is validated and normalised as the tool itself will check it, so an
 * invalid edit leaves the pause undecided. A pause from before approvals were filed at the boundary is
 * filed now. Throws DecisionError when the decision cannot be applied. An approval already decided
 * (by this decision before a crash, or elsewhere) gives the decision it holds, and one that expired
 * undecided gives a rejection: the run is finished either way, never stranded.
 */
export async function recordDecision(boundary: DomainBoundary, tenant: string, pending: RunPending, decision: Decision): Promise<RecordedDecision> {
  const approvalId = pending.approval_id ?? (await fileLate(boundary, tenant, pending));
  const result = await decideApproval(boundary, {
    approvalId,
    tenant,
    decision: decision.type,
    decidedBy: decision.by,
    ...(decision.type === 'edit' && { args: decision.args }),
    ...(decision.type === 'reject' && { reason: decision.reason }),
  });
  switch (result.kind) {
    case 'decided':
      return { approvalId, args: result.approval.decision?.args ?? result.approval.args, decision };
    case 'not_found':
      throw new DecisionError('nothing_pending', `approval ${approvalId} is not in this tenant's store`);
    case 'already_decided':
      return { approvalId, args: result.approval.decision?.args ?? result.approval.args, decision: storedDecision(result.approval) };
    case 'expired':
      return { approvalId, args: result.approval.args, decision: { type: 'reject', by: 'waybill', reason: `approval ${approvalId} expired at ${result.approval.expiresAt} before it was applied` } };
    case 'invalid_edit':
      throw editRefused(result.problems);
  }
}

async function fileLate(boundary: DomainBoundary, tenant: string, pending: RunPending): Promise<string> {
  const asked = await askForApproval(boundary, tenant, pending);
  if (asked.kind === 'filed') return asked.approvalId;
  const problems = asked.kind === 'refused' ? [asked.detail] : asked.problems;
  throw new DecisionError('nothing_pending', `the paused call can no longer be approved: ${problems.join('; ')}`, problems);
}

/** The decision an approval holds, as a runtime applies it. */
function storedDecision(approval: ApprovalRequest): Decision {
  const by = approval.decision?.decidedBy ?? 'unknown';
  if (approval.status === 'rejected') return { type: 'reject', by, reason: approval.decision?.reason ?? 'rejected' };
  if (approval.decision?.kind === 'edit') return { type: 'edit', by, args: approval.decision.args ?? approval.args };
  return { type: 'approve', by };
}
