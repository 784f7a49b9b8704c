import { z } from 'zod';
import type { Shipment } from '../entities.js';
import { FINAL_STATUSES } from '../entities.js';
import { normaliseTrackingId } from '../identifiers.js';
import type { ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { parseArgs } from '../validation/parse-args.js';
import { quoteValue, textProblems } from '../validation/problems.js';
import type { OperationContext } from './operation-context.js';

export const trackingIdField = z
  .string()
  .max(64)
  .describe('Tracking number: TTN- and 6 digits, e.g. TTN-000001 (case and surrounding spaces are ignored)');

export const TrackShipmentInput = z.strictObject({ tracking_id: trackingIdField });
export type TrackShipmentInput = z.infer<typeof TrackShipmentInput>;

/** Resolves a raw tracking id to its canonical form, or the problems with it. */
export function checkTrackingId(raw: string): { trackingId: string } | { problems: string[] } {
  const text = textProblems('tracking_id', raw);
  if (text.length > 0) return { problems: text };
  const trackingId = normaliseTrackingId(raw);
  return trackingId
    ? { trackingId }
    : { problems: [`tracking_id: expected TTN- and 6 digits (e.g. TTN-000001), got ${quoteValue(raw)}`] };
}

/** Status, route, history (with the delay reason when delayed) and any cancellation of one shipment. */
export async function trackShipment(context: OperationContext, raw: unknown): Promise<ToolResult> {
  const parsed = parseArgs(TrackShipmentInput, raw);
  if (!parsed.success) return errorEnvelope(parsed.problems);
  const checked = checkTrackingId(parsed.value.tracking_id);
  if ('problems' in checked) return errorEnvelope(checked.problems);
  const shipment = await context.store.getShipment(checked.trackingId, context.caller?.tenant);
  if (!shipment) return errorEnvelope([`tracking_id: no shipment ${checked.trackingId}`]);
  return { status: 'ok', ...describeShipment(shipment, context.now()) };
}

const DAY_MS = 86_400_000;

// An ETA before today on a parcel still on its way: how many days late, from the domain's own clock, so
// an answer can say "overdue" as a fact of the result rather than a guess of its writer.
function overdueDays(s: Shipment, today: string): number | undefined {
  if (s.eta === undefined || FINAL_STATUSES.has(s.status) || s.status === 'at_branch') return undefined;
  const days = Math.round((Date.parse(today) - Date.parse(s.eta)) / DAY_MS);
  return days > 0 ? days : undefined;
}

function describeShipment(s: Shipment, now: Date): Record<string, unknown> {
  const today = now.toISOString().slice(0, 10);
  const overdue = overdueDays(s, today);
  return {
    tracking_id: s.trackingId,
    shipment_status: s.status,
    origin: s.origin,
    destination: s.destination,
    service: s.service,
    weight_kg: s.weightKg,
    paid_uah: s.paidUah,
    ...(s.eta !== undefined && { eta: s.eta }),
    as_of: today,
    ...(overdue !== undefined && { overdue_days: overdue }),
    ...(s.delayReason !== undefined && { delay_reason: s.delayReason }),
    recipient: { name: s.recipient.name, phone: s.recipient.phone },
    cancellable: !FINAL_STATUSES.has(s.status),
    history: s.history.map((e) => ({ at: e.at, status: e.status, location: e.location, note: e.note })),
    ...(s.cancellation && {
      cancellation: {
        cancellation_id: s.cancellation.cancellationId,
        refund_uah: s.cancellation.refundUah,
        reason: s.cancellation.reason,
        cancelled_at: s.cancellation.cancelledAt,
      },
    }),
  };
}
