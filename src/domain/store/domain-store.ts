import type { ApprovalRequest, ApprovalStore, ArgOrigin } from '../approvals/approval-store.js';
import type { AuditChain } from '../audit/audit-chain.js';
import type { Cancellation, Product, Shipment, ShipmentStatus, StockLevel, Tariff, Warehouse } from '../entities.js';
import type { City } from '../cities.js';
import type { Service } from '../services.js';

/**
 * What a caller asks the store to record (the cancellation but its id); domain validation has already
 * passed. `cancelledAt` is an ISO timestamp from the caller's clock, so runs are reproducible.
 */
export interface CancelRequest extends Omit<Cancellation, 'cancellationId'> {
  /** The caller's tenant: another tenant's shipment is `not_found`. Absent only for operator tooling. */
  tenant?: string;
  /** When present, the cancellation runs only on a valid grant, consumed in the same transaction. */
  grant?: GrantCheck;
}

/** What the write checks before it runs: the grant a caller presents, or the request it must file. */
export interface GrantCheck {
  /** The approval whose grant the caller presents; absent on a first call. */
  approvalId?: string;
  /** Who asks, for the approval request (key id, `local`, a runtime's agent). */
  requestedBy: string;
  /** The canonical arguments the grant must be bound to (their hash is `CancelRequest.argsHash`). */
  args: Record<string, unknown>;
  /** Refunds up to this many UAH are approved automatically (decision `auto`); absent: never. */
  autoApproveUpToUah?: number;
  /** Per argument, where the asking runtime traced its value from (shown to the human who decides). */
  origins?: Record<string, ArgOrigin>;
}

/** Why a presented grant does not let the write run. */
export type GrantRefusal = 'unknown' | 'pending' | 'rejected' | 'other_arguments' | 'expired' | 'used' | 'tampered';

/**
 * The result of one atomic check-and-write. Every rule that depends on current state (status, previous
 * use of the key) is decided inside the store's transaction, so two processes cannot both refund.
 */
export type CancelOutcome =
  | { kind: 'created'; cancellation: Cancellation }
  | { kind: 'replayed'; cancellation: Cancellation }
  | { kind: 'key_conflict'; cancellation: Cancellation }
  /** The key was used by another tenant: refused without saying for what. */
  | { kind: 'key_taken' }
  | { kind: 'not_found' }
  | { kind: 'not_cancellable'; status: ShipmentStatus }
  | { kind: 'refund_exceeds_paid'; paidUah: number }
  | { kind: 'approval_required'; approval: ApprovalRequest }
  | { kind: 'grant_refused'; refusal: GrantRefusal; approval?: ApprovalRequest };

/**
 * The domain's persistence, behind which SQLite (default) or PostgreSQL sits. Async so that a networked
 * backend fits the same contract.
 */
export interface DomainStore {
  readonly backend: 'sqlite' | 'postgres';
  /** Approval requests, decisions and grants, in the same database as the effects they gate. */
  readonly approvals: ApprovalStore;
  /** The boundary's tamper-evident audit trail. */
  readonly audit: AuditChain;
  /** The shipment, or undefined when unknown or (with `tenant`) owned by another tenant. */
  getShipment(trackingId: string, tenant?: string): Promise<Shipment | undefined>;
  /** Up to `limit` tracking ids of `tenant`'s shipments that start with `prefix`, in order (for completions). */
  listTrackingIds(tenant: string, prefix: string, limit: number): Promise<string[]>;
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
