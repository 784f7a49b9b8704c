import type { Cancellation, Product, Shipment, ShipmentStatus, StockLevel, Tariff, Warehouse } from './entities.js';
import type { City } from './cities.js';
import type { Service } from './services.js';

/** What a caller asks the store to record; domain validation has already passed. */
export interface CancelRequest {
  trackingId: string;
  reason: string;
  refundUah: number;
  idempotencyKey: string;
  argsHash: string;
  /** ISO timestamp from the caller's clock, so runs are reproducible. */
  cancelledAt: string;
}

/**
 * The result of one atomic check-and-write. Every rule that depends on current state (status, previous
 * use of the key) is decided inside the store's transaction, so two processes cannot both refund.
 */
export type CancelOutcome =
  | { kind: 'created'; cancellation: Cancellation }
  | { kind: 'replayed'; cancellation: Cancellation }
  | { kind: 'key_conflict'; cancellation: Cancellation }
  | { kind: 'not_found' }
  | { kind: 'not_cancellable'; status: ShipmentStatus }
  | { kind: 'refund_exceeds_paid'; paidUah: number };

/**
 * The domain's persistence, behind which SQLite (default) or PostgreSQL sits. Async so that a networked
 * backend fits the same contract.
 */
export interface DomainStore {
  readonly backend: 'sqlite' | 'postgres';
  getShipment(trackingId: string): Promise<Shipment | undefined>;
  getProduct(sku: string): Promise<Product | undefined>;
  listStock(sku: string): Promise<StockLevel[]>;
  listWarehouses(): Promise<Warehouse[]>;
  getTariff(service: Service): Promise<Tariff | undefined>;
  distanceKm(from: City, to: City): Promise<number | undefined>;
  cancelShipment(request: CancelRequest): Promise<CancelOutcome>;
  /** How many cancellations exist (for one shipment when given): what evals and tests assert on. */
  countCancellations(trackingId?: string): Promise<number>;
  close(): Promise<void>;
}
