import type { ApprovalRequest, DomainStore } from '../../domain/index.js';
import { argsHash } from '../../domain/index.js';
import { idempotencyKey, keyOfOtherThread } from '../../policy/index.js';
import type { RunRecord, RunToolCall } from '../../telemetry/index.js';

/** The irreversible call the domain holds as done for one approval: the cancellation its grant paid for. */
export interface ApprovalEffect {
  approvalId: string;
  /** The irreversible tool the approval gates (`cancel_shipment`). */
  tool: string;
  trackingId: string;
  cancellationId: string;
  refundUah: number;
  reason: string;
  /** The arguments the approval authorised (the edited ones after an edit). */
  args: Record<string, unknown>;
  /** How the domain ties the cancellation to the approval: its consumed grant, or only the run's idempotency key. */
  evidence: 'grant' | 'idempotency_key';
  /**
   * The thread whose run made the cancellation, as its idempotency key names it, when that is not the
   * thread asked about: two threads that asked for the same cancellation wait on one approval, and its
   * grant runs once, in whichever run is resumed first.
   */
  otherThread?: string;
}

/** What reconcileRun reads: the approvals (with their grants) and the shipments (with their cancellation). */
export type EffectSource = Pick<DomainStore, 'approvals' | 'getShipment'>;

/**
 * Whether the irreversible call an approval gates has happened, asked of the domain rather than of any
 * record: the grant consumed by a cancellation, or a cancellation of the approved shipment carrying the
 * idempotency key `threadId`'s run sends with the approved arguments. Undefined when nothing happened
 * (or the approval is unknown in `tenant`).
 */
export async function effectOfApproval(domain: EffectSource, approvalId: string, tenant: string, threadId?: string): Promise<ApprovalEffect | undefined> {
  const approval = await domain.approvals.get(approvalId, tenant);
  if (!approval) return undefined;
  const args = approvedArgs(approval);
  const trackingId = typeof args.tracking_id === 'string' ? args.tracking_id : undefined;
  if (trackingId === undefined) return undefined;
  const cancellation = (await domain.getShipment(trackingId, tenant))?.cancellation;
  if (!cancellation) return undefined;
  const base = { approvalId, tool: approval.tool, trackingId, cancellationId: cancellation.cancellationId, refundUah: cancellation.refundUah, reason: cancellation.reason, args };
  if (approval.grant?.consumedBy === cancellation.cancellationId) {
    const otherThread = threadId === undefined ? undefined : keyOfOtherThread(cancellation.idempotencyKey, threadId);
    return { ...base, evidence: 'grant', ...(otherThread !== undefined && { otherThread }) };
  }
  // The key the tool gate derives for this thread's call (the call may carry the model's arguments, so
  // both the requested and the approved ones are tried), for an approval whose grant paid for nothing else.
  if (approval.status !== 'approved' || approval.grant?.consumedAt !== undefined) return undefined;
  if (threadId !== undefined && [approval.args, args].some((candidate) => cancellation.idempotencyKey === idempotencyKey(threadId, approval.tool, candidate))) return { ...base, evidence: 'idempotency_key' };
  return undefined;
}

/** One run's record held against its approval, its grant and the domain. */
export interface RunReconciliation {
  runId: string;
  threadId: string;
  approvalId?: string;
  /** The cancellation the domain holds for the run's approval, if any. */
  effect?: ApprovalEffect;
  /** True when no check disagreed. */
  agrees: boolean;
  agreements: string[];
  disagreements: string[];
}

const CANCEL = 'cancel_shipment';

/** A call the record says ran: an irreversible cancellation answered `ok`. */
export const executedCancel = (call: RunToolCall): boolean => call.tool === CANCEL && call.status === 'ok';

/**
 * Compares a run's record with what the domain holds (issue 32): its approval (status and decision), the
 * approval's grant, and the cancellation the grant paid for. A record that says a cancellation was done
 * must match one in the domain (same shipment, same refund, same id when the record names it); a domain
 * that holds the cancellation must have a record that says so, whatever stopped the run; a rejected
 * approval has no consumed grant and no cancellation. A run with no approval and no cancellation call
 * has nothing to reconcile and agrees. `approvalId` names the approval when the record does not (an
 * older record of a resumed run). Used by recovery before it writes a record, by tests and by audits.
 */
export async function reconcileRun(domain: EffectSource, record: RunRecord, approvalId?: string): Promise<RunReconciliation> {
  const id = record.approval?.approval_id ?? record.pending?.approval_id ?? approvalId;
  const result: RunReconciliation = { runId: record.run_id, threadId: record.thread_id, agrees: true, agreements: [], disagreements: [], ...(id !== undefined && { approvalId: id }) };
  const agree = (text: string) => result.agreements.push(text);
  const disagree = (text: string) => result.disagreements.push(text);
  const claimed = record.tool_calls.filter(executedCancel);
  if (id === undefined) {
    // No human approval on the record (a cancellation approved below the automatic threshold): each call
    // it says ran must be a cancellation the domain holds.
    for (const call of claimed) {
      const cancellation = typeof call.args.tracking_id === 'string' ? (await domain.getShipment(call.args.tracking_id, record.tenant))?.cancellation : undefined;
      if (!cancellation) disagree(`the record says ${CANCEL} ran on ${String(call.args.tracking_id)} but the domain holds no cancellation of it`);
      else compareCall(call, { approvalId: '', tool: CANCEL, trackingId: cancellation.trackingId, cancellationId: cancellation.cancellationId, refundUah: cancellation.refundUah, reason: cancellation.reason, args: call.args, evidence: 'idempotency_key' }, agree, disagree);
    }
    return settle(result);
  }
  const approval = await domain.approvals.get(id, record.tenant);
  if (!approval) {
    disagree(`approval ${id} is not in tenant ${record.tenant}'s store`);
    return settle(result);
  }
  const effect = await effectOfApproval(domain, id, record.tenant, record.thread_id);
  if (effect) result.effect = effect;
  checkDecision(record, approval, agree, disagree);
  if (approval.grant?.consumedAt !== undefined && (!effect || effect.evidence !== 'grant')) disagree(`the grant of ${id} is consumed by ${approval.grant.consumedBy ?? 'nothing'}, which is not a cancellation of ${String(approvedArgs(approval).tracking_id)}`);
  if (record.status === 'awaiting_approval' || record.status === 'decided') {
    // A pause: nothing ran yet as far as this record goes; its resumed run's record is the one that answers for an effect.
    if (record.status === 'awaiting_approval' && effect) disagree(`the record awaits approval but the domain holds ${effect.cancellationId}`);
    else agree(`the pause is ${record.status} and approval ${id} is ${approval.status}`);
    return settle(result);
  }
  if (!effect) {
    if (claimed.length > 0) disagree(`the record says ${CANCEL} ran but the domain holds no cancellation for approval ${id}`);
    else agree(`neither the record nor the domain has a cancellation for approval ${id}`);
    return settle(result);
  }
  if (effect.otherThread !== undefined) {
    // The approval was shared with another thread, whose run made the cancellation: this record must not claim it.
    if (claimed.length > 0) disagree(`the record says ${CANCEL} ran, but ${effect.cancellationId} for approval ${id} was made by thread ${effect.otherThread}'s run`);
    else agree(`${effect.cancellationId} for approval ${id} was made by thread ${effect.otherThread}'s run, and this record does not claim it`);
    return settle(result);
  }
  if (claimed.length === 0) {
    disagree(`the domain holds ${effect.cancellationId} (${effect.trackingId}, ${effect.refundUah} UAH) for approval ${id} but the record (${record.status}/${record.stop_reason}) does not say it ran`);
    return settle(result);
  }
  if (claimed.length > 1) disagree(`the record has ${claimed.length} executed ${CANCEL} calls for one approval`);
  const [call] = claimed;
  if (call) compareCall(call, effect, agree, disagree);
  if (record.status !== 'finished') disagree(`the cancellation happened but the run is recorded ${record.status}/${record.stop_reason}`);
  return settle(result);
}

function checkDecision(record: RunRecord, approval: ApprovalRequest, agree: (t: string) => void, disagree: (t: string) => void): void {
  const decided = record.approval?.decision;
  if (decided === undefined) return;
  const expected = decided === 'reject' ? 'rejected' : 'approved';
  if (record.stop_reason === 'interrupted' && approval.status === 'pending') {
    // The decision was claimed but its process died before the approval store recorded it, and the run stopped.
    agree(`the record's ${decided} was never applied (interrupted) and approval ${approval.approvalId} is still pending`);
    return;
  }
  if (approval.status !== expected) {
    disagree(`the record says ${decided} but approval ${approval.approvalId} is ${approval.status}`);
    return;
  }
  agree(`the record's ${decided} matches approval ${approval.approvalId} (${approval.status})`);
  if (decided === 'reject' && approval.grant?.consumedAt !== undefined) disagree(`approval ${approval.approvalId} was rejected but a grant of it was consumed`);
  if (decided !== 'reject' && record.approval?.args !== undefined && argsHash(record.approval.args) !== argsHash(approvedArgs(approval))) disagree(`the record's approved arguments differ from approval ${approval.approvalId}'s`);
}

function compareCall(call: RunToolCall, effect: ApprovalEffect, agree: (t: string) => void, disagree: (t: string) => void): void {
  const problems: string[] = [];
  if (call.args.tracking_id !== effect.trackingId) problems.push(`shipment ${String(call.args.tracking_id)} in the record, ${effect.trackingId} in the domain`);
  const refund = call.effect?.refund_uah ?? call.args.refund_uah;
  if (refund !== effect.refundUah) problems.push(`refund ${String(refund)} UAH in the record, ${effect.refundUah} UAH in the domain`);
  if (call.effect && call.effect.cancellation_id !== effect.cancellationId) problems.push(`cancellation ${call.effect.cancellation_id} in the record, ${effect.cancellationId} in the domain`);
  if (problems.length > 0) disagree(`${CANCEL}: ${problems.join('; ')}`);
  else agree(`${CANCEL} recorded as done: ${effect.cancellationId}, ${effect.trackingId}, ${effect.refundUah} UAH`);
}

/** The arguments an approval authorised: the edited ones after an edit, else those asked for. */
function approvedArgs(approval: ApprovalRequest): Record<string, unknown> {
  return approval.decision?.args ?? approval.args;
}

function settle(result: RunReconciliation): RunReconciliation {
  result.agrees = result.disagreements.length === 0;
  return result;
}
