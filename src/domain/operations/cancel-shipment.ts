import { z } from 'zod';
import { argsHash } from '../args-hash.js';
import type { Cancellation } from '../entities.js';
import { MAX_REASON_LENGTH, MAX_REFUND_UAH } from '../limits.js';
import type { ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { checkArgs, inFieldOrder } from '../validation/check-args.js';
import { textProblems } from '../validation/problems.js';
import type { OperationContext } from './operation-context.js';
import { checkTrackingId, trackingIdField } from './track-shipment.js';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;

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
  if (!args || !checked || 'problems' in checked || problems.length > 0) return errorEnvelope(inFieldOrder(CancelShipmentInput, problems));

  const reason = args.reason.trim();
  const fingerprint = argsHash({ tracking_id: checked.trackingId, reason, refund_uah: args.refund_uah });
  const outcome = await context.store.cancelShipment({
    trackingId: checked.trackingId,
    reason,
    refundUah: args.refund_uah,
    idempotencyKey: args.idempotency_key ?? `auto:${fingerprint}`,
    argsHash: fingerprint,
    cancelledAt: context.now().toISOString(),
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
      return errorEnvelope([`refund_uah: ${args.refund_uah} UAH is more than the ${outcome.paidUah} UAH paid for ${checked.trackingId}`]);
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
