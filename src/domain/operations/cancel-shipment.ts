import { z } from 'zod';
import { argsHash } from '../args-hash.js';
import type { Cancellation } from '../entities.js';
import { MAX_REASON_LENGTH, MAX_REFUND_UAH } from '../limits.js';
import type { ApprovalRequest } from '../approvals/approval-store.js';
import type { GrantRefusal } from '../store/domain-store.js';
import type { ApprovalRequiredResult, ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { checkArgs, inFieldOrder } from '../validation/check-args.js';
import { textProblems } from '../validation/problems.js';
import type { OperationContext } from './operation-context.js';
import { checkTrackingId, trackingIdField } from './track-shipment.js';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;
const APPROVAL_ID_PATTERN = /^apr_[A-Za-z0-9-]{1,64}$/;

/** Where a human decides when no public URL is configured (`waybill serve`'s default address). */
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:8787';

export const CancelShipmentInput = z.strictObject({
  tracking_id: trackingIdField,
  reason: z.string().min(3).max(MAX_REASON_LENGTH).describe('Why the shipment is cancelled, in the customer’s words (one line)'),
  refund_uah: z
    .number()
    .min(0)
    .max(1_000_000)
    .describe(`Refund in UAH: at most what was paid, and at most ${MAX_REFUND_UAH} (larger refunds are never automatic)`),
  idempotency_key: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('Repeat-safe key: a repeated call with the same key returns the first result and refunds nothing twice'),
  approval_id: z
    .string()
    .max(80)
    .optional()
    .describe('The approval this call was granted by: send the approval_id from the approval_required answer once a human has approved it'),
});
export type CancelShipmentInput = z.infer<typeof CancelShipmentInput>;

/**
 * Cancels a shipment and records the refund, atomically and at most once per idempotency key. Without a
 * key, one is derived from the arguments, so an identical retry replays instead of failing.
 */
export async function cancelShipment(context: OperationContext, raw: unknown): Promise<ToolResult> {
  // Schema and domain problems together: a caller fixes every field in one round.
  const { value: args, fields, problems } = checkArgs(CancelShipmentInput, raw);
  if (fields.reason !== undefined) problems.push(...textProblems('reason', fields.reason));
  const checked = fields.tracking_id === undefined ? undefined : checkTrackingId(fields.tracking_id);
  if (checked && 'problems' in checked) problems.push(...checked.problems);
  if (fields.refund_uah !== undefined && fields.refund_uah > MAX_REFUND_UAH) {
    problems.push(`refund_uah: ${fields.refund_uah} UAH is over the automatic refund cap of ${MAX_REFUND_UAH} UAH; a larger refund needs a manual process`);
  }
  if (fields.idempotency_key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(fields.idempotency_key)) {
    problems.push('idempotency_key: may contain only letters, digits and . _ : -');
  }
  if (fields.approval_id !== undefined && !APPROVAL_ID_PATTERN.test(fields.approval_id)) {
    problems.push('approval_id: expected the id from an approval_required answer (apr_ and letters or digits)');
  }
  if (!args || !checked || 'problems' in checked || problems.length > 0) return errorEnvelope(inFieldOrder(CancelShipmentInput, problems));

  const reason = args.reason.trim();
  const canonical = { tracking_id: checked.trackingId, reason, refund_uah: args.refund_uah };
  const fingerprint = argsHash(canonical);
  const { caller, approvals = { grants: 'required' } } = context;
  const outcome = await context.store.cancelShipment({
    trackingId: checked.trackingId,
    reason,
    refundUah: args.refund_uah,
    idempotencyKey: args.idempotency_key ?? `auto:${fingerprint}`,
    argsHash: fingerprint,
    cancelledAt: context.now().toISOString(),
    ...(caller && { tenant: caller.tenant }),
    ...(approvals.grants === 'required' && {
      grant: {
        args: canonical,
        requestedBy: caller ? `${caller.channel}:${caller.principal}` : 'unknown',
        ...(args.approval_id !== undefined && { approvalId: args.approval_id }),
        ...(approvals.autoApproveUpToUah !== undefined && { autoApproveUpToUah: approvals.autoApproveUpToUah }),
        ...(context.origins && { origins: context.origins }),
      },
    }),
  });
  switch (outcome.kind) {
    case 'created':
      return describeCancellation(outcome.cancellation, false);
    case 'replayed':
      return describeCancellation(outcome.cancellation, true);
    case 'key_conflict':
      return errorEnvelope([
        `idempotency_key: already used for a different cancellation (${outcome.cancellation.trackingId}, ${outcome.cancellation.refundUah} UAH)`,
      ]);
    case 'not_found':
      return errorEnvelope([`tracking_id: no shipment ${checked.trackingId}`]);
    case 'not_cancellable':
      return errorEnvelope([
        outcome.status === 'cancelled'
          ? `tracking_id: ${checked.trackingId} is already cancelled`
          : `tracking_id: ${checked.trackingId} is ${outcome.status} and cannot be cancelled`,
      ]);
    case 'refund_exceeds_paid':
      return errorEnvelope([`refund_uah: ${args.refund_uah} UAH exceeds the ${outcome.paidUah} UAH paid for ${checked.trackingId}`]);
    case 'key_taken':
      return errorEnvelope(['idempotency_key: already used; choose another key']);
    case 'approval_required':
      return approvalRequired(outcome.approval, approvals.publicUrl ?? DEFAULT_PUBLIC_URL);
    case 'grant_refused':
      if (outcome.refusal === 'pending' && outcome.approval) return approvalRequired(outcome.approval, approvals.publicUrl ?? DEFAULT_PUBLIC_URL);
      return errorEnvelope([`approval_id: ${describeRefusal(outcome.refusal, args.approval_id ?? '', outcome.approval)}`]);
  }
}

/** The answer a model or an MCP client reads when the call needs a human decision first. */
function approvalRequired(approval: ApprovalRequest, publicUrl: string): ApprovalRequiredResult {
  const id = approval.approvalId;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    status: 'approval_required',
    approval_id: id,
    tool: approval.tool,
    args: approval.args,
    expires_at: approval.expiresAt,
    decide: {
      console: `${base}/console#approvals`,
      cli: `waybill approve --approval ${id}`,
      http: `POST ${base}/v1/approvals/${id} {"decision":"approve"}`,
    },
    next: `Nothing was cancelled. A human must approve ${id}; then call ${approval.tool} again with the same arguments and "approval_id": "${id}". It runs once.`,
  };
}

function describeRefusal(refusal: GrantRefusal, id: string, approval: ApprovalRequest | undefined): string {
  switch (refusal) {
    case 'unknown':
      return `no approval ${id} for cancel_shipment in this tenant`;
    case 'pending':
      return `${id} is not decided yet`;
    case 'rejected':
      return `${id} was rejected${approval?.decision?.reason ? ` (${approval.decision.reason})` : ''}; nothing was cancelled`;
    case 'other_arguments':
      return `${id} approved ${JSON.stringify(approval?.decision?.args ?? approval?.args ?? {})}, not these arguments; nothing was cancelled`;
    case 'expired':
      return `the grant of ${id} expired at ${approval?.grant?.expiresAt ?? 'an earlier time'}; ask for a new approval`;
    case 'tampered':
      return `the grant of ${id} does not match the audit trail (run waybill audit verify); nothing was cancelled`;
    case 'used':
      return `${id} was already used (${approval?.grant?.consumedBy ?? 'a cancellation'}); a grant runs once and nothing was done twice`;
  }
}

function describeCancellation(c: Cancellation, replayed: boolean): ToolResult {
  return {
    status: 'ok',
    tracking_id: c.trackingId,
    shipment_status: 'cancelled',
    cancellation_id: c.cancellationId,
    refund_uah: c.refundUah,
    reason: c.reason,
    cancelled_at: c.cancelledAt,
    idempotency_key: c.idempotencyKey,
    replayed,
  };
}
