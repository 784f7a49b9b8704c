/** One malformed tool call and the field its error envelope must name. */
export interface BadInput {
  label: string;
  tool: string;
  args: Record<string, unknown>;
  field: string;
}

const HUGE = 'A'.repeat(100 * 1024);
const cancel = (args: Record<string, unknown>) => ({ tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720, ...args });
const price = (args: Record<string, unknown>) => ({ origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express', ...args });

/**
 * The bad-input corpus of issue 2: every entry must come back as the envelope, and nothing may be written.
 * (An unknown tool is not here: the spec makes it a protocol error, -32602, tested on its own.)
 */
export const BAD_INPUTS: readonly BadInput[] = [
  { label: 'tracking id too short', tool: 'track_shipment', args: { tracking_id: 'TTN-12' }, field: 'tracking_id' },
  { label: 'SKU given as tracking id', tool: 'track_shipment', args: { tracking_id: 'SKU-1001' }, field: 'tracking_id' },
  { label: 'tracking id missing', tool: 'track_shipment', args: {}, field: 'tracking_id' },
  { label: 'tracking id is a number', tool: 'track_shipment', args: { tracking_id: 123 }, field: 'tracking_id' },
  { label: 'tracking id is null', tool: 'track_shipment', args: { tracking_id: null }, field: 'tracking_id' },
  { label: 'unknown shipment', tool: 'track_shipment', args: { tracking_id: 'TTN-999999' }, field: 'tracking_id' },
  { label: 'extra field', tool: 'track_shipment', args: { tracking_id: 'TTN-000001', verbose: true }, field: 'verbose' },
  { label: 'tracking id of 100 KB', tool: 'track_shipment', args: { tracking_id: HUGE }, field: 'tracking_id' },
  { label: 'control character in tracking id', tool: 'track_shipment', args: { tracking_id: 'TTN-000001\u0000' }, field: 'tracking_id' },
  { label: 'lone surrogate (not UTF-8) in tracking id', tool: 'track_shipment', args: { tracking_id: 'TTN-\ud800001' }, field: 'tracking_id' },
  { label: 'SKU wrong format', tool: 'check_stock', args: { sku: 'SKU-12' }, field: 'sku' },
  { label: 'unknown SKU', tool: 'check_stock', args: { sku: 'SKU-9999' }, field: 'sku' },
  { label: 'unknown warehouse', tool: 'check_stock', args: { sku: 'SKU-1001', warehouse: 'Paris' }, field: 'warehouse' },
  { label: 'negative min_qty', tool: 'check_stock', args: { sku: 'SKU-1001', min_qty: -1 }, field: 'min_qty' },
  { label: 'fractional min_qty', tool: 'check_stock', args: { sku: 'SKU-1001', min_qty: 2.5 }, field: 'min_qty' },
  { label: 'min_qty as a string', tool: 'check_stock', args: { sku: 'SKU-1001', min_qty: '10' }, field: 'min_qty' },
  { label: 'unknown origin city', tool: 'calc_delivery', args: price({ origin: 'Paris' }), field: 'origin' },
  { label: 'unknown destination city', tool: 'calc_delivery', args: price({ destination: 'Warszawa' }), field: 'destination' },
  { label: 'origin equals destination (two spellings)', tool: 'calc_delivery', args: price({ origin: 'Odesa', destination: 'одеса' }), field: 'destination' },
  { label: 'zero weight', tool: 'calc_delivery', args: price({ weight_kg: 0 }), field: 'weight_kg' },
  { label: 'negative weight', tool: 'calc_delivery', args: price({ weight_kg: -5 }), field: 'weight_kg' },
  { label: 'NaN weight', tool: 'calc_delivery', args: price({ weight_kg: Number.NaN }), field: 'weight_kg' },
  { label: 'weight "NaN" as a string', tool: 'calc_delivery', args: price({ weight_kg: 'NaN' }), field: 'weight_kg' },
  { label: 'huge weight', tool: 'calc_delivery', args: price({ weight_kg: 1e300 }), field: 'weight_kg' },
  { label: 'overnight over its weight limit', tool: 'calc_delivery', args: price({ service: 'overnight', weight_kg: 12 }), field: 'weight_kg' },
  { label: 'unknown service', tool: 'calc_delivery', args: price({ service: 'teleport' }), field: 'service' },
  { label: 'negative declared value', tool: 'calc_delivery', args: price({ declared_value_uah: -1 }), field: 'declared_value_uah' },
  { label: 'origin of 100 KB', tool: 'calc_delivery', args: price({ origin: HUGE }), field: 'origin' },
  { label: 'refund over the 5000 UAH cap', tool: 'cancel_shipment', args: cancel({ tracking_id: 'TTN-000010', refund_uah: 6200 }), field: 'refund_uah' },
  { label: 'refund more than was paid', tool: 'cancel_shipment', args: cancel({ refund_uah: 800 }), field: 'refund_uah' },
  { label: 'negative refund', tool: 'cancel_shipment', args: cancel({ refund_uah: -1 }), field: 'refund_uah' },
  { label: 'refund for a delivered shipment', tool: 'cancel_shipment', args: cancel({ tracking_id: 'TTN-000003', refund_uah: 100 }), field: 'tracking_id' },
  { label: 'second cancellation of a cancelled shipment', tool: 'cancel_shipment', args: cancel({ tracking_id: 'TTN-000006', refund_uah: 150 }), field: 'tracking_id' },
  { label: 'reason missing', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 }, field: 'reason' },
  { label: 'reason too short', tool: 'cancel_shipment', args: cancel({ reason: 'x' }), field: 'reason' },
  { label: 'reason with a control character', tool: 'cancel_shipment', args: cancel({ reason: 'ring \u0007 the bell' }), field: 'reason' },
  { label: 'reason with undecodable bytes', tool: 'cancel_shipment', args: cancel({ reason: 'bad \uFFFD bytes' }), field: 'reason' },
  { label: 'reason of 100 KB', tool: 'cancel_shipment', args: cancel({ reason: HUGE }), field: 'reason' },
  { label: 'refund as a string', tool: 'cancel_shipment', args: cancel({ refund_uah: '720' }), field: 'refund_uah' },
  { label: 'idempotency key with spaces', tool: 'cancel_shipment', args: cancel({ idempotency_key: 'not a key!' }), field: 'idempotency_key' },
];
