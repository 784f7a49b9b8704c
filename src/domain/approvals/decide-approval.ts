import { argsHash } from '../args-hash.js';
import type { DomainStore } from '../store/domain-store.js';
import { checkCancelEdit } from './edit-rule.js';
import type { DecideOutcome, DecisionKind } from './approval-store.js';

export interface ApprovalDecisionInput {
  approvalId: string;
  /** The decider's tenant: another tenant's approval is "not found". Absent for local operator tooling. */
  tenant?: string;
  decision: Exclude<DecisionKind, 'auto'>;
  decidedBy: string;
  /** For `edit`: the arguments to change (the others keep their requested values), validated and normalised like the call itself. */
  args?: unknown;
  reason?: string;
}

export type ApprovalDecisionResult = DecideOutcome | { kind: 'invalid_edit'; problems: string[] };

/**
 * Records a human decision on an approval request. An edit is checked by the one edit rule
 * (`checkCancelEdit`: merged over the request, same shipment, refund in kopecks within the cap) and
 * normalised as the tool will check its call, so the grant's hash matches the call the client then
 * makes; the store checks it again against the shipment in the decision's transaction.
 */
export async function decideApproval(store: Pick<DomainStore, 'approvals'>, input: ApprovalDecisionInput): Promise<ApprovalDecisionResult> {
  if (input.decision !== 'edit') {
    return store.approvals.decide({ approvalId: input.approvalId, kind: input.decision, decidedBy: input.decidedBy, ...(input.tenant !== undefined && { tenant: input.tenant }), ...(input.reason !== undefined && { reason: input.reason }) });
  }
  const current = await store.approvals.get(input.approvalId, input.tenant);
  if (!current) return { kind: 'not_found' };
  if (current.tool !== 'cancel_shipment') return { kind: 'invalid_edit', problems: [`edit: only a cancel_shipment call can be edited, not ${current.tool}`] };
  const edited = checkCancelEdit(current.args, input.args ?? {});
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
