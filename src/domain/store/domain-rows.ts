import type { ApprovalStoreOptions } from '../approvals/approval-rows.js';
import type { ApprovalLifetimes, ApprovalRequest, DecideInput, NewApprovalRequest } from '../approvals/approval-store.js';
import type { BoundaryEvent } from '../audit/audit-chain.js';
import type { AuditKeyring } from '../audit/audit-keyring.js';
import type { City } from '../cities.js';
import type { Cancellation, Shipment, ShipmentEvent } from '../entities.js';
import { replayOfUsedGrant } from '../approvals/replay-of-used-grant.js';
import { FINAL_STATUSES } from '../entities.js';
import type { Service } from '../services.js';
import type { CancelOutcome, CancelRequest, GrantCheck } from './domain-store.js';

type GrantRefused = Extract<CancelOutcome, { kind: 'grant_refused' }>;
/** What checking a presented grant found: it may be used, or the refusal. */
export type PresentedGrant = { kind: 'ok'; grantId: string } | GrantRefused;

// The rows both backends store and the rules of a cancellation that do not depend on how they are read.

export interface ShipmentRow {
  tracking_id: string;
  status: Shipment['status'];
  origin: City;
  destination: City;
  service: Service;
  weight_kg: number;
  paid_uah: number;
  recipient_name: string;
  recipient_phone: string;
  delay_reason: string | null;
  eta: string | null;
  tenant: string;
}

export interface CancellationRow {
  cancellation_id: string;
  tracking_id: string;
  reason: string;
  refund_uah: number;
  idempotency_key: string;
  args_hash: string;
  cancelled_at: string;
  tenant: string;
}

/** A cancellation with the tenant that owns it. */
export type OwnedCancellation = Cancellation & { tenant: string };

export const toCancellation = (row: CancellationRow): OwnedCancellation => ({
  cancellationId: row.cancellation_id,
  trackingId: row.tracking_id,
  reason: row.reason,
  refundUah: row.refund_uah,
  idempotencyKey: row.idempotency_key,
  argsHash: row.args_hash,
  cancelledAt: row.cancelled_at,
  tenant: row.tenant,
});

export function toShipment(row: ShipmentRow, history: ShipmentEvent[], found: OwnedCancellation | undefined): Shipment {
  const cancellation = found && (({ tenant: _owner, ...rest }) => rest)(found);
  return {
    trackingId: row.tracking_id,
    tenant: row.tenant,
    status: row.status,
    origin: row.origin,
    destination: row.destination,
    service: row.service,
    weightKg: row.weight_kg,
    paidUah: row.paid_uah,
    recipient: { name: row.recipient_name, phone: row.recipient_phone },
    ...(row.delay_reason !== null && { delayReason: row.delay_reason }),
    ...(row.eta !== null && { eta: row.eta }),
    history,
    ...(cancellation && { cancellation }),
  };
}

/**
 * The outcome that settles a cancellation before anything is written: a refused grant, the key's earlier use (replayed,
 * conflicting or another tenant's), a final status, a refund above what was paid. Undefined: go on.
 */
export function settledBeforeWriting(
  request: CancelRequest,
  shipment: Pick<ShipmentRow, 'status' | 'paid_uah' | 'tenant'>,
  found: OwnedCancellation | undefined,
  presented: PresentedGrant | undefined,
): CancelOutcome | undefined {
  // A grant presented again is refused as used (naming the cancellation it paid for), unless it is
  // the identical retry of that call, which replays it: one grant, one use, nothing done twice.
  if (presented?.kind === 'grant_refused') return replayOfUsedGrant(presented, found, request, shipment.tenant) ?? presented;
  if (found) {
    const { tenant: owner, ...previous } = found;
    if (owner !== shipment.tenant) return { kind: 'key_taken' };
    return previous.argsHash === request.argsHash ? { kind: 'replayed', cancellation: previous } : { kind: 'key_conflict', cancellation: previous };
  }
  if (FINAL_STATUSES.has(shipment.status)) return { kind: 'not_cancellable', status: shipment.status };
  if (request.refundUah > shipment.paid_uah) return { kind: 'refund_exceeds_paid', paidUah: shipment.paid_uah };
  return undefined;
}

type Granted = ApprovalRequest & { grant: NonNullable<ApprovalRequest['grant']> };

/** The presented approval's refusal before its grant is checked against the chain, or the granted approval to check. */
export function grantBeforeChain(approval: ApprovalRequest | undefined, owner: string): GrantRefused | { kind: 'check'; approval: Granted } {
  if (!approval || approval.tenant !== owner || approval.tool !== 'cancel_shipment') return { kind: 'grant_refused', refusal: 'unknown' };
  if (approval.status === 'pending') return { kind: 'grant_refused', refusal: 'pending', approval };
  if (approval.status === 'rejected' || !approval.grant) return { kind: 'grant_refused', refusal: 'rejected', approval };
  if (approval.grant.consumedAt !== undefined) return { kind: 'grant_refused', refusal: 'used', approval };
  return { kind: 'check', approval: approval as Granted };
}

/** The verdict on a granted approval once the chain has (or has not) confirmed its grant. */
export function grantAfterChain(request: CancelRequest, approval: Granted, matchesChain: boolean): PresentedGrant {
  const { grant } = approval;
  if (!matchesChain) return { kind: 'grant_refused', refusal: 'tampered', approval };
  if (grant.argsHash !== request.argsHash) return { kind: 'grant_refused', refusal: 'other_arguments', approval };
  if (grant.expiresAt <= request.cancelledAt) return { kind: 'grant_refused', refusal: 'expired', approval };
  return { kind: 'ok', grantId: grant.grantId };
}

/** The `n`th cancellation, numbered in order, for `request`. */
export const newCancellation = (n: number, request: CancelRequest): Cancellation => ({
  cancellationId: `CNL-${String(n).padStart(6, '0')}`,
  trackingId: request.trackingId,
  reason: request.reason,
  refundUah: request.refundUah,
  idempotencyKey: request.idempotencyKey,
  argsHash: request.argsHash,
  cancelledAt: request.cancelledAt,
});

/** The chained record of a grant spent on `cancellation`. */
export const grantConsumedEvent = (request: CancelRequest, tenant: string, approvalId: string, grantId: string, cancellation: Cancellation): BoundaryEvent => ({
  type: 'grant.consumed',
  tenant,
  at: request.cancelledAt,
  subject: approvalId,
  body: { grant_id: grantId, tool: 'cancel_shipment', args_hash: request.argsHash, cancellation_id: cancellation.cancellationId, tracking_id: request.trackingId, refund_uah: request.refundUah },
});

/** The shipment history's note for a cancellation. */
export const cancelledNote = (cancellation: Cancellation, refundUah: number): string => `Скасовано (${cancellation.cancellationId}), повернення ${refundUah} грн`;

/** The options of a domain store on either backend. */
export interface DomainStoreOptions {
  /** Clock for approval requests, decisions and grants. Default: the system clock. */
  now?: () => Date;
  lifetimes?: Partial<ApprovalLifetimes>;
  /** Id generator for approvals and grants (tests make them reproducible). */
  newId?: () => string;
  /** The audit trail's keys. Default: from the environment, else the key file beside the database (loadAuditKeyring). */
  auditKeys?: AuditKeyring;
}

/** What a domain store gives its approval store: its chain and its clock, lifetimes and ids. */
export const approvalOptions = <Chain>(chain: Chain, options: DomainStoreOptions): ApprovalStoreOptions<Chain> => ({
  chain,
  now: options.now ?? (() => new Date()),
  ...(options.lifetimes && { lifetimes: options.lifetimes }),
  ...(options.newId && { newId: options.newId }),
});

/** The approval request a cancellation without a grant files: its arguments and where each came from. */
export const filingFor = (grant: GrantCheck, tenant: string, argsHash: string): NewApprovalRequest => ({
  tenant, tool: 'cancel_shipment', args: grant.args, argsHash, requestedBy: grant.requestedBy, ...(grant.origins && { origins: grant.origins }),
});

/** The automatic decision of a filed request when the refund is within the caller's threshold; undefined when it is not. */
export const autoDecision = (approvalId: string, grant: GrantCheck, refundUah: number): DecideInput | undefined =>
  grant.autoApproveUpToUah === undefined || refundUah > grant.autoApproveUpToUah ? undefined : { approvalId, kind: 'auto', decidedBy: `threshold:${grant.autoApproveUpToUah} UAH` };
