/**
 * Approvals are database facts, not steps in a program: a request names the exact call, one decision is
 * recorded atomically, and an approval yields a grant bound to tenant, tool and the exact arguments'
 * hash, used at most once and only before it expires. The write checks the grant in its own
 * transaction (DomainStore.cancelShipment), so no path around a runtime skips it.
 *
 * Format changelog (APPROVAL_FORMAT_VERSION): 1 — request, decision, grant, argument origins.
 */
export const APPROVAL_FORMAT_VERSION = 1;

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** `auto` is an approval by the configured threshold, recorded like a human's. */
export type DecisionKind = 'approve' | 'edit' | 'reject' | 'auto';

export const ARG_ORIGINS = ['user_request', 'tool_result', 'third_party', 'model'] as const;

/**
 * Where an argument's value came from, as the asking runtime traced it: the user's own request, a tool
 * result the run fetched, third-party text (a shipment note, a retrieved passage), or none of these (the
 * model composed it, e.g. a reason in its own words).
 */
export type ArgOrigin = (typeof ARG_ORIGINS)[number];

interface ApprovalDecision {
  kind: DecisionKind;
  decidedBy: string;
  decidedAt: string;
  /** The arguments approved: the requested ones, or the edited ones. */
  args: Record<string, unknown>;
  argsHash: string;
  reason?: string;
}

interface Grant {
  grantId: string;
  argsHash: string;
  expiresAt: string;
  consumedAt?: string;
  /** The cancellation the grant paid for. */
  consumedBy?: string;
}

export interface ApprovalRequest {
  approvalId: string;
  tenant: string;
  tool: string;
  /** The exact (canonical) arguments asked for. */
  args: Record<string, unknown>;
  argsHash: string;
  requestedBy: string;
  createdAt: string;
  expiresAt: string;
  status: ApprovalStatus;
  /** Per argument, where its value came from (absent when the asker did not trace it). */
  origins?: Record<string, ArgOrigin>;
  decision?: ApprovalDecision;
  grant?: Grant;
  formatVersion: number;
}

export interface NewApprovalRequest {
  tenant: string;
  tool: string;
  args: Record<string, unknown>;
  argsHash: string;
  requestedBy: string;
  origins?: Record<string, ArgOrigin>;
}

export interface DecideInput {
  approvalId: string;
  /** When given, an approval of another tenant is "not found". */
  tenant?: string;
  kind: DecisionKind;
  decidedBy: string;
  /** For `edit`: the new canonical arguments and their hash (validated by the caller). */
  args?: Record<string, unknown>;
  argsHash?: string;
  reason?: string;
}

export type DecideOutcome =
  | { kind: 'decided'; approval: ApprovalRequest }
  | { kind: 'not_found' }
  | { kind: 'already_decided'; approval: ApprovalRequest }
  | { kind: 'expired'; approval: ApprovalRequest }
  /** An edit the cancellation would refuse (see editProblems): nothing was decided. */
  | { kind: 'invalid_edit'; problems: string[] };

export interface ApprovalListFilter {
  tenant?: string;
  status?: ApprovalStatus;
  limit?: number;
}

/** Approval requests filed on one UTC day, per tenant, status and decision (the usage report). */
export interface ApprovalDayCount {
  tenant: string;
  day: string;
  status: ApprovalStatus;
  decision: 'approve' | 'edit' | 'reject' | 'auto' | null;
  approvals: number;
}

/** Approval requests, decisions and grants. Implemented per backend over the domain store's database. */
export interface ApprovalStore {
  /**
   * Records a request, or returns the pending, unexpired one for the same tenant, tool and arguments
   * (a client that repeats its call gets one approval id, not one per attempt).
   */
  request(input: NewApprovalRequest): Promise<ApprovalRequest>;
  /** Records the one decision; of two concurrent decisions exactly one wins. */
  decide(input: DecideInput): Promise<DecideOutcome>;
  get(approvalId: string, tenant?: string): Promise<ApprovalRequest | undefined>;
  list(filter?: ApprovalListFilter): Promise<ApprovalRequest[]>;
  /** Requests filed from `from` (inclusive) to `to` (exclusive), ISO instants, counted per UTC day. */
  countByDay(range: { from: string; to: string; tenant?: string | undefined }): Promise<ApprovalDayCount[]>;
}

/** How long requests and grants live unless configured otherwise. */
export interface ApprovalLifetimes {
  /** From the request until a decision is no longer accepted. Default 24 h. */
  requestTtlMs: number;
  /** From the approval until the grant can no longer be used. Default 1 h. */
  grantTtlMs: number;
}

export const DEFAULT_APPROVAL_LIFETIMES: ApprovalLifetimes = { requestTtlMs: 24 * 3600_000, grantTtlMs: 3600_000 };
