import type { City } from './cities.js';
import type { Service } from './services.js';

/** Where a shipment is in its life; `delivered` and `cancelled` are final. */
export const SHIPMENT_STATUSES = ['created', 'in_transit', 'at_branch', 'delayed', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const FINAL_STATUSES: ReadonlySet<ShipmentStatus> = new Set(['delivered', 'cancelled']);

/** One line of a shipment's history, oldest first. */
export interface ShipmentEvent {
  at: string;
  status: ShipmentStatus;
  location: City;
  note: string;
}

interface Recipient {
  name: string;
  phone: string;
}

export interface Shipment {
  trackingId: string;
  /** The tenant that owns it; only that tenant sees or acts on it. Always set on a stored shipment. */
  tenant?: string;
  status: ShipmentStatus;
  origin: City;
  destination: City;
  service: Service;
  weightKg: number;
  /** What the sender paid, the most that can be refunded. */
  paidUah: number;
  recipient: Recipient;
  /** Set while the shipment is delayed: why, in words a customer understands. */
  delayReason?: string;
  /** Estimated delivery date (YYYY-MM-DD). */
  eta?: string;
  history: ShipmentEvent[];
  cancellation?: Cancellation;
}

export interface Cancellation {
  cancellationId: string;
  trackingId: string;
  reason: string;
  refundUah: number;
  idempotencyKey: string;
  /** SHA-256 of the canonical arguments of the call that created it; a replay must match. */
  argsHash: string;
  cancelledAt: string;
}

export interface Warehouse {
  warehouseId: string;
  city: City;
  address: string;
}

export interface Product {
  sku: string;
  name: string;
  category: string;
}

export interface StockLevel {
  sku: string;
  warehouseId: string;
  city: City;
  quantity: number;
}

export interface Tariff {
  service: Service;
  baseUah: number;
  perKgUah: number;
  perKmUah: number;
  maxWeightKg: number;
  /** Share of the declared value charged as insurance (0.005 = 0.5 %). */
  insuranceRate: number;
}
