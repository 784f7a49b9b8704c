import { argsHash } from '../args-hash.js';
import type { DomainStore } from '../store/domain-store.js';
import { CancelShipmentInput } from '../operations/cancel-shipment.js';
import { checkTrackingId } from '../operations/track-shipment.js';
import { MAX_REFUND_UAH } from '../limits.js';
import { parseArgs } from '../validation/parse-args.js';
import { textProblems } from '../validation/problems.js';
import type { DecideOutcome, DecisionKind } from './approval-store.js';

export interface ApprovalDecisionInput {
  approvalId: string;
  /** The decider's tenant: another tenant's approval is "not found". Absent for local operator tooling. */
  tenant?: string;
  decision: Exclude<DecisionKind, 'auto'>;
  decidedBy: string;
  /** For `edit`: the arguments to approve instead (validated and normalised like the call itself). */
  args?: unknown;
  reason?: string;
}

export type ApprovalDecisionResult = DecideOutcome | { kind: 'invalid_edit'; problems: string[] };

/**
 * Records a human decision on an approval request. An edit is checked and normalised exactly as the
 * tool will check its call, so the grant's hash matches the call the client then makes.
 */
export async function decideApproval(store: Pick<DomainStore, 'approvals'>, input: ApprovalDecisionInput): Promise<ApprovalDecisionResult> {
  if (input.decision !== 'edit') {
    return store.approvals.decide({ approvalId: input.approvalId, kind: input.decision, decidedBy: input.decidedBy, ...(input.tenant !== undefined && { tenant: input.tenant }), ...(input.reason !== undefined && { reason: input.reason }) });
  }
  const current = await store.approvals.get(input.approvalId, input.tenant);
  if (!current) return { kind: 'not_found' };
  const edited = canonicalCancelArgs({ ...current.args, ...(typeof input.args === 'object' && input.args !== null ? input.args : {}) });
  if (!edited.success) return { kind: 'invalid_edit', problems: edited.problems };
  return store.approvals.decide({
    approvalId: input.approvalId,
    kind: 'edit',
    decidedBy: input.decidedBy,
    args: edited.args,
    argsHash: argsHash(edited.args),
    ...(input.tenant !== undefined && { tenant: input.tenant }),
    ...(input.reason !== undefined && { reason: input.reason }),
  });
}

/** The canonical arguments of a cancellation (the ones a grant is bound to), or every problem with them. */
function canonicalCancelArgs(raw: unknown): { success: true; args: { tracking_id: string; reason: string; refund_uah: number } } | { success: false; problems: string[] } {
  const parsed = parseArgs(CancelShipmentInput, raw);
  if (!parsed.success) return parsed;
  const problems = textProblems('reason', parsed.value.reason);
  const checked = checkTrackingId(parsed.value.tracking_id);
  if ('problems' in checked) problems.push(...checked.problems);
  if (parsed.value.refund_uah > MAX_REFUND_UAH) problems.push(`refund_uah: ${parsed.value.refund_uah} UAH is over the automatic refund cap of ${MAX_REFUND_UAH} UAH`);
  if ('problems' in checked || problems.length > 0) return { success: false, problems };
  return { success: true, args: { tracking_id: checked.trackingId, reason: parsed.value.reason.trim(), refund_uah: parsed.value.refund_uah } };
}
