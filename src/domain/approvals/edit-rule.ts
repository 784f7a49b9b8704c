import { FINAL_STATUSES } from '../entities.js';
import type { ShipmentStatus } from '../entities.js';
import { MAX_REFUND_UAH } from '../limits.js';
import { CancelShipmentInput } from '../operations/cancel-shipment.js';
import { checkTrackingId } from '../operations/track-shipment.js';
import { parseArgs } from '../validation/parse-args.js';
import { quoteValue, textProblems } from '../validation/problems.js';

/** The shipment row an edited cancellation is checked against, as both backends read it. */
export interface EditedShipment {
  status: ShipmentStatus;
  paid_uah: number;
  tenant: string;
}

/** The arguments a cancellation's grant is bound to. */
type CancelArgs = {
  tracking_id: string;
  reason: string;
  refund_uah: number;
};

export type EditCheck = { success: true; args: CancelArgs } | { success: false; problems: string[] };

/** What an edit may set; `tracking_id` only to the shipment already requested. */
const EDITABLE = new Set(['tracking_id', 'reason', 'refund_uah']);

/** Whether a number is a whole number of kopecks: 19.99 is, 1e-9 and 100.005 are not. */
const wholeKopecks = (uah: number): boolean => Number(uah.toFixed(2)) === uah;

/**
 * The one rule for an operator's edit of a cancellation, on every path (CLI by thread or approval id,
 * HTTP, console, Agent Protocol, webhook, queue): the edit is merged over the requested arguments (a
 * field left out keeps its requested value), the shipment never changes, the refund is positive, in
 * whole kopecks, at most the automatic cap and (given `against`, read in the decision's transaction)
 * at most what was paid for a shipment of the tenant that can still be cancelled. Problems name their
 * field (`refund_uah: …`), so every path refuses the same edit with the same words.
 */
export function checkCancelEdit(requested: Record<string, unknown>, edit: unknown, against?: { shipment: EditedShipment | undefined; tenant: string }): EditCheck {
  if (typeof edit !== 'object' || edit === null || Array.isArray(edit)) return { success: false, problems: [`edit: expected an object of arguments, got ${quoteValue(edit)}`] };
  // A field of the call an edit cannot change may be sent back as requested (a console sends the whole call), never changed.
  const fields = edit as Record<string, unknown>;
  const changed = Object.keys(fields).filter((field) => !EDITABLE.has(field) && JSON.stringify(fields[field]) !== JSON.stringify(requested[field]));
  if (changed.length > 0) return { success: false, problems: changed.map((field) => `${field}: an edit may change only refund_uah and reason`) };
  const editable = Object.fromEntries(Object.entries(fields).filter(([field]) => EDITABLE.has(field)));
  const requestedId = String(requested.tracking_id ?? '');
  const requestedChecked = checkTrackingId(requestedId);
  const shipmentId = 'trackingId' in requestedChecked ? requestedChecked.trackingId : requestedId;
  const merged = { tracking_id: requestedId, reason: requested.reason, refund_uah: requested.refund_uah, ...editable };
  const parsed = parseArgs(CancelShipmentInput, merged);
  if (!parsed.success) {
    // Every field in one round: the refund rule too, when the schema refused something else.
    const refund = typeof merged.refund_uah === 'number' && !parsed.problems.some((p) => p.startsWith('refund_uah:')) ? refundProblems(merged.refund_uah) : [];
    return { success: false, problems: [...parsed.problems, ...refund] };
  }
  const problems = textProblems('reason', parsed.value.reason);
  const checked = checkTrackingId(parsed.value.tracking_id);
  if ('problems' in checked) problems.push(...checked.problems);
  else if (checked.trackingId !== shipmentId) problems.push(`tracking_id: an edit may change the refund or the reason, not the shipment (${shipmentId} was requested, the edit names ${checked.trackingId})`);
  problems.push(...refundProblems(parsed.value.refund_uah));
  if ('problems' in checked || problems.length > 0) return { success: false, problems };
  const args = { tracking_id: checked.trackingId, reason: parsed.value.reason.trim(), refund_uah: parsed.value.refund_uah };
  const shipmentProblems = against ? againstShipment(against.shipment, against.tenant, args) : [];
  return shipmentProblems.length > 0 ? { success: false, problems: shipmentProblems } : { success: true, args };
}

function refundProblems(refund: number): string[] {
  if (!(refund > 0)) return [`refund_uah: an edited refund must be positive, got ${refund}`];
  if (!wholeKopecks(refund)) return [`refund_uah: ${refund} is not a whole number of kopecks (at most two decimals)`];
  if (refund > MAX_REFUND_UAH) return [`refund_uah: ${refund} UAH is over the automatic refund cap of ${MAX_REFUND_UAH} UAH`];
  return [];
}

/** What the cancellation itself would refuse: another tenant's or a missing shipment, a final one, a refund above what was paid. */
function againstShipment(shipment: EditedShipment | undefined, tenant: string, args: CancelArgs): string[] {
  if (!shipment || shipment.tenant !== tenant) return [`tracking_id: no shipment ${args.tracking_id}`];
  if (FINAL_STATUSES.has(shipment.status)) return [`tracking_id: ${args.tracking_id} is ${shipment.status} and cannot be cancelled`];
  if (args.refund_uah > shipment.paid_uah) return [`refund_uah: ${args.refund_uah} UAH exceeds the ${shipment.paid_uah} UAH paid for ${args.tracking_id}`];
  return [];
}
