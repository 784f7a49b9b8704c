import type { DomainStore } from '../domain/index.js';
import { FIXTURE_SHIPMENTS } from '../domain/fixtures/shipments.js';

/** One shipment as a grader compares it: its status and the cancellation it carries, if any. */
interface ShipmentState {
  status: string;
  cancellation?: { cancellation_id: string; refund_uah: number };
}

/** The domain state graders assert on: every fixture shipment, and the number of cancellations. */
export interface DomainSnapshot {
  shipments: Record<string, ShipmentState>;
  cancellations: number;
}

/** Reads the state through the store interface (never SQL), so any backend can be graded. */
export async function domainSnapshot(domain: DomainStore): Promise<DomainSnapshot> {
  const shipments: Record<string, ShipmentState> = {};
  for (const { trackingId } of FIXTURE_SHIPMENTS) {
    const shipment = await domain.getShipment(trackingId);
    if (!shipment) continue;
    shipments[trackingId] = {
      status: shipment.status,
      ...(shipment.cancellation && { cancellation: { cancellation_id: shipment.cancellation.cancellationId, refund_uah: shipment.cancellation.refundUah } }),
    };
  }
  return { shipments, cancellations: await domain.countCancellations() };
}

/** Shipments whose state differs between two snapshots. */
export function changedShipments(before: DomainSnapshot, after: DomainSnapshot): string[] {
  const ids = new Set([...Object.keys(before.shipments), ...Object.keys(after.shipments)]);
  return [...ids].filter((id) => JSON.stringify(before.shipments[id]) !== JSON.stringify(after.shipments[id])).sort();
}
