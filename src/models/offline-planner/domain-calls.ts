import type { CallSpec } from './chat-types.js';
import type { Intent } from './intent.js';

type Of<K extends Intent['kind']> = Extract<Intent, { kind: K }>;

/** track_shipment{tracking_id}. */
export function trackCall(trackingId: string): CallSpec {
  return { name: 'track_shipment', args: { tracking_id: trackingId } };
}

/** check_stock{sku, warehouse?, min_qty?}; optional fields only when the request gave them. */
export function stockCall(intent: Of<'stock'>): CallSpec {
  return {
    name: 'check_stock',
    args: {
      sku: intent.sku,
      ...(intent.warehouse !== undefined && { warehouse: intent.warehouse }),
      ...(intent.minQty !== undefined && { min_qty: intent.minQty }),
    },
  };
}

/** calc_delivery{origin, destination, weight_kg, service, declared_value_uah?}. */
export function priceCall(intent: Of<'price'>): CallSpec {
  return {
    name: 'calc_delivery',
    args: {
      origin: intent.origin,
      destination: intent.destination,
      weight_kg: intent.weightKg,
      service: intent.service,
      ...(intent.declaredValueUah !== undefined && { declared_value_uah: intent.declaredValueUah }),
    },
  };
}

/** cancel_shipment{tracking_id, reason, refund_uah}; the runtime adds approval and any idempotency key. */
export function cancelCall(trackingId: string, reason: string, refundUah: number): CallSpec {
  return { name: 'cancel_shipment', args: { tracking_id: trackingId, reason, refund_uah: refundUah } };
}

/** The domain tool each intent needs; an incomplete price needs calc_delivery once the user answers. */
export const TOOL_FOR_INTENT: Readonly<Record<Intent['kind'], string>> = {
  track: 'track_shipment',
  stock: 'check_stock',
  price: 'calc_delivery',
  incomplete_price: 'calc_delivery',
  cancel: 'cancel_shipment',
};
