import { FINAL_STATUSES } from '../entities.js';
import type { ShipmentStatus } from '../entities.js';

/** The shipment row an edited cancellation is checked against, as both backends read it. */
export interface EditedShipment {
  status: ShipmentStatus;
  paid_uah: number;
  tenant: string;
}

/**
 * What the cancellation itself would refuse about edited arguments, checked when the edit is decided
 * (in the decision's transaction) so an edit the server would refuse leaves the approval pending
 * instead of issuing a grant that can only fail: another tenant's or a missing shipment, one that is
 * already delivered or cancelled, a refund above what was paid.
 */
export function editProblems(shipment: EditedShipment | undefined, tenant: string, args: Record<string, unknown>): string[] {
  const trackingId = String(args.tracking_id ?? '');
  if (!shipment || shipment.tenant !== tenant) return [`tracking_id: no shipment ${trackingId}`];
  if (FINAL_STATUSES.has(shipment.status)) return [`tracking_id: ${trackingId} is ${shipment.status} and cannot be cancelled`];
  const refund = Number(args.refund_uah);
  if (refund > shipment.paid_uah) return [`refund_uah: ${refund} UAH is more than the ${shipment.paid_uah} UAH paid for ${trackingId}`];
  return [];
}
