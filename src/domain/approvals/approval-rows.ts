import { randomBytes } from 'node:crypto';
import type { BoundaryEvent } from '../audit/audit-chain.js';
import type { ApprovalLifetimes, ApprovalRequest, ArgOrigin, DecideInput, DecideOutcome, NewApprovalRequest } from './approval-store.js';
import { DEFAULT_APPROVAL_LIFETIMES } from './approval-store.js';

export interface ApprovalRow {
  approval_id: string;
  format_version: number;
  tenant: string;
  tool: string;
  args: string;
  args_hash: string;
  requested_by: string;
  created_at: string;
  expires_at: string;
  origins: string | null;
  status: ApprovalRequest['status'];
  decision: NonNullable<ApprovalRequest['decision']>['kind'] | null;
  decided_by: string | null;
  decided_at: string | null;
  decided_args: string | null;
  decided_args_hash: string | null;
  decision_reason: string | null;
  grant_id: string | null;
  grant_args_hash: string | null;
  grant_expires_at: string | null;
  consumed_at: string | null;
  consumed_by: string | null;
}

/** The approval with its grant, as one row. */
export const APPROVAL_SELECT = `SELECT a.*, g.grant_id, g.args_hash AS grant_args_hash, g.expires_at AS grant_expires_at, g.consumed_at, g.consumed_by
  FROM approvals a LEFT JOIN grants g USING (approval_id)`;

const parseObject = (text: string | null): Record<string, unknown> => {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function toApproval(row: ApprovalRow): ApprovalRequest {
  return {
    approvalId: row.approval_id,
    tenant: row.tenant,
    tool: row.tool,
    args: parseObject(row.args),
    argsHash: row.args_hash,
    requestedBy: row.requested_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.status,
    ...(row.origins !== null && { origins: parseObject(row.origins) as Record<string, ArgOrigin> }),
    ...(row.decision !== null && {
      decision: {
        kind: row.decision,
        decidedBy: row.decided_by ?? '',
        decidedAt: row.decided_at ?? '',
        args: parseObject(row.decided_args),
        argsHash: row.decided_args_hash ?? '',
        ...(row.decision_reason !== null && { reason: row.decision_reason }),
      },
    }),
    ...(row.grant_id !== null && {
      grant: {
        grantId: row.grant_id,
        argsHash: row.grant_args_hash ?? '',
        expiresAt: row.grant_expires_at ?? '',
        ...(row.consumed_at !== null && { consumedAt: row.consumed_at }),
        ...(row.consumed_by !== null && { consumedBy: row.consumed_by }),
      },
    }),
    formatVersion: row.format_version,
  };
}

/** What both backends' approval stores are given: their chain, clock, lifetimes and id generator. */
export interface ApprovalStoreOptions<Chain> {
  chain: Chain;
  now: () => Date;
  lifetimes?: Partial<ApprovalLifetimes>;
  newId?: () => string;
}

const defaultId = () => randomBytes(8).toString('hex');

/** The clock, lifetimes and ids both backends' approval stores work with, and the chain they record to. */
export abstract class ApprovalStoreBase<Chain> {
  protected readonly chain: Chain;
  protected readonly now: () => Date;
  protected readonly lifetimes: ApprovalLifetimes;
  protected readonly newId: () => string;

  constructor(options: ApprovalStoreOptions<Chain>) {
    this.chain = options.chain;
    this.now = options.now;
    this.lifetimes = { ...DEFAULT_APPROVAL_LIFETIMES, ...options.lifetimes };
    this.newId = options.newId ?? defaultId;
  }

  /** A new request's id and expiry. */
  protected newRequest(): { approvalId: string; expiresAt: string } {
    return { approvalId: `apr_${this.newId()}`, expiresAt: new Date(this.now().getTime() + this.lifetimes.requestTtlMs).toISOString() };
  }

  /** The grant an approval issues (issuedGrant) with a new id, valid for the grant lifetime from the decision. */
  protected newGrant(plan: DecisionPlan): { values: unknown[]; event: BoundaryEvent } {
    return issuedGrant(plan, `grt_${this.newId()}`, new Date(new Date(plan.at).getTime() + this.lifetimes.grantTtlMs).toISOString());
  }
}

/** The chained record of a new request. */
export function requestedEvent(input: NewApprovalRequest, approvalId: string, at: string, expiresAt: string): BoundaryEvent {
  return {
    type: 'approval.requested',
    tenant: input.tenant,
    at,
    subject: approvalId,
    body: { tool: input.tool, args: input.args, args_hash: input.argsHash, requested_by: input.requestedBy, expires_at: expiresAt, ...(input.origins && { origins: input.origins }) },
  };
}

/** The columns of a new pending request, in INSERT order. */
export const requestValues = (input: NewApprovalRequest, approvalId: string, at: string, expiresAt: string, formatVersion: number) => [
  approvalId, formatVersion, input.tenant, input.tool, JSON.stringify(input.args), input.argsHash, input.requestedBy, at, expiresAt, input.origins ? JSON.stringify(input.origins) : null,
];

/** A decision that may be written: the arguments it approves (edited or as requested) and when. */
export interface DecisionPlan {
  current: ApprovalRequest;
  at: string;
  approved: boolean;
  args: Record<string, unknown>;
  argsHash: string;
  /** An edit of a cancellation: its arguments must be checked against the shipment before writing. */
  checkEdit: boolean;
}

/** The decision `input` makes of `current` at `now`, or the outcome that ends it before anything is written. */
export function planDecision(current: ApprovalRequest | undefined, input: DecideInput, now: Date): { outcome: DecideOutcome } | { plan: DecisionPlan } {
  if (!current || (input.tenant !== undefined && current.tenant !== input.tenant)) return { outcome: { kind: 'not_found' } };
  if (current.status !== 'pending') return { outcome: { kind: 'already_decided', approval: current } };
  const at = now.toISOString();
  if (current.expiresAt <= at) return { outcome: { kind: 'expired', approval: current } };
  const edited = input.kind === 'edit';
  const args = edited && input.args ? input.args : current.args;
  const argsHash = edited && input.argsHash ? input.argsHash : current.argsHash;
  return { plan: { current, at, approved: input.kind !== 'reject', args, argsHash, checkEdit: edited && current.tool === 'cancel_shipment' } };
}

/** The UPDATE's values, in its order: status, decision, decided_by, decided_at, decided_args, decided_args_hash, decision_reason, approval_id. */
export const decisionValues = (plan: DecisionPlan, input: DecideInput) => [
  plan.approved ? 'approved' : 'rejected', input.kind, input.decidedBy, plan.at, JSON.stringify(plan.args), plan.argsHash, input.reason ?? null, input.approvalId,
];

/** The chained record of a decision. */
export function decidedEvent(plan: DecisionPlan, input: DecideInput): BoundaryEvent {
  const { current, at, args, argsHash } = plan;
  return {
    type: 'approval.decided',
    tenant: current.tenant,
    at,
    subject: current.approvalId,
    body: { decision: input.kind, decided_by: input.decidedBy, args, args_hash: argsHash, ...(input.reason !== undefined && { reason: input.reason }) },
  };
}

/** The grant an approval issues: its row values (INSERT order) and its chained record. */
function issuedGrant(plan: DecisionPlan, grantId: string, expiresAt: string): { values: unknown[]; event: BoundaryEvent } {
  const { current, at, argsHash } = plan;
  return {
    values: [grantId, current.approvalId, current.tenant, current.tool, argsHash, at, expiresAt],
    event: { type: 'grant.issued', tenant: current.tenant, at, subject: current.approvalId, body: { grant_id: grantId, tool: current.tool, args_hash: argsHash, expires_at: expiresAt, single_use: true } },
  };
}
