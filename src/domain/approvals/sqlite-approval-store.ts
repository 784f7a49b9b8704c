import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type {
  ApprovalLifetimes,
  ApprovalListFilter,
  ApprovalRequest,
  ApprovalStore,
  ArgOrigin,
  DecideInput,
  DecideOutcome,
  NewApprovalRequest,
} from './approval-store.js';
import type { EditedShipment } from './edit-against-shipment.js';
import { editProblems } from './edit-against-shipment.js';
import { APPROVAL_FORMAT_VERSION, DEFAULT_APPROVAL_LIFETIMES } from './approval-store.js';
import type { SqliteAuditChain } from '../audit/sqlite-audit-chain.js';

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

export interface SqliteApprovalStoreOptions {
  chain: SqliteAuditChain;
  now: () => Date;
  lifetimes?: Partial<ApprovalLifetimes>;
  newId?: () => string;
}

const defaultId = () => randomBytes(8).toString('hex');

/** Approval requests, decisions and grants in the domain's SQLite file; every change is chained. */
export class SqliteApprovalStore implements ApprovalStore {
  readonly #db: Database.Database;
  readonly #chain: SqliteAuditChain;
  readonly #now: () => Date;
  readonly #lifetimes: ApprovalLifetimes;
  readonly #newId: () => string;

  constructor(db: Database.Database, options: SqliteApprovalStoreOptions) {
    this.#db = db;
    this.#chain = options.chain;
    this.#now = options.now;
    this.#lifetimes = { ...DEFAULT_APPROVAL_LIFETIMES, ...options.lifetimes };
    this.#newId = options.newId ?? defaultId;
  }

  async request(input: NewApprovalRequest): Promise<ApprovalRequest> {
    return this.#db.transaction(() => this.requestInTransaction(input)).immediate();
  }

  /** Within the caller's transaction: the pending request for these exact arguments, or a new one. */
  requestInTransaction(input: NewApprovalRequest): ApprovalRequest {
    const now = this.#now().toISOString();
    const existing = this.#db
      .prepare(`${APPROVAL_SELECT} WHERE a.tenant = ? AND a.tool = ? AND a.args_hash = ? AND a.status = 'pending' AND a.expires_at > ? ORDER BY a.created_at DESC LIMIT 1`)
      .get(input.tenant, input.tool, input.argsHash, now) as ApprovalRow | undefined;
    if (existing) return toApproval(existing);
    const approvalId = `apr_${this.#newId()}`;
    const expiresAt = new Date(this.#now().getTime() + this.#lifetimes.requestTtlMs).toISOString();
    this.#db
      .prepare(
        `INSERT INTO approvals (approval_id, format_version, tenant, tool, args, args_hash, requested_by, created_at, expires_at, origins, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
      )
      .run(approvalId, APPROVAL_FORMAT_VERSION, input.tenant, input.tool, JSON.stringify(input.args), input.argsHash, input.requestedBy, now, expiresAt,
        input.origins ? JSON.stringify(input.origins) : null);
    this.#chain.appendInTransaction({
      type: 'approval.requested',
      tenant: input.tenant,
      at: now,
      subject: approvalId,
      body: { tool: input.tool, args: input.args, args_hash: input.argsHash, requested_by: input.requestedBy, expires_at: expiresAt, ...(input.origins && { origins: input.origins }) },
    });
    return this.#read(approvalId) as ApprovalRequest;
  }

  async decide(input: DecideInput): Promise<DecideOutcome> {
    return this.#db.transaction(() => this.decideInTransaction(input)).immediate();
  }

  /** Within the caller's transaction: records the decision and, for an approval, issues the grant. */
  decideInTransaction(input: DecideInput): DecideOutcome {
    const current = this.#read(input.approvalId);
    if (!current || (input.tenant !== undefined && current.tenant !== input.tenant)) return { kind: 'not_found' };
    if (current.status !== 'pending') return { kind: 'already_decided', approval: current };
    const now = this.#now();
    const at = now.toISOString();
    if (current.expiresAt <= at) return { kind: 'expired', approval: current };
    const approved = input.kind !== 'reject';
    const args = input.kind === 'edit' && input.args ? input.args : current.args;
    const argsHash = input.kind === 'edit' && input.argsHash ? input.argsHash : current.argsHash;
    if (input.kind === 'edit' && current.tool === 'cancel_shipment') {
      const shipment = this.#db.prepare('SELECT status, paid_uah, tenant FROM shipments WHERE tracking_id = ?').get(String(args.tracking_id ?? '')) as EditedShipment | undefined;
      const problems = editProblems(shipment, current.tenant, args);
      if (problems.length > 0) return { kind: 'invalid_edit', problems };
    }
    const changed = this.#db
      .prepare(
        `UPDATE approvals SET status = ?, decision = ?, decided_by = ?, decided_at = ?, decided_args = ?, decided_args_hash = ?, decision_reason = ?
         WHERE approval_id = ? AND status = 'pending'`,
      )
      .run(approved ? 'approved' : 'rejected', input.kind, input.decidedBy, at, JSON.stringify(args), argsHash, input.reason ?? null, input.approvalId).changes;
    if (changed !== 1) return { kind: 'already_decided', approval: this.#read(input.approvalId) as ApprovalRequest };
    this.#chain.appendInTransaction({
      type: 'approval.decided',
      tenant: current.tenant,
      at,
      subject: current.approvalId,
      body: { decision: input.kind, decided_by: input.decidedBy, args, args_hash: argsHash, ...(input.reason !== undefined && { reason: input.reason }) },
    });
    if (approved) {
      const grantId = `grt_${this.#newId()}`;
      const expiresAt = new Date(now.getTime() + this.#lifetimes.grantTtlMs).toISOString();
      this.#db
        .prepare('INSERT INTO grants (grant_id, approval_id, tenant, tool, args_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(grantId, current.approvalId, current.tenant, current.tool, argsHash, at, expiresAt);
      this.#chain.appendInTransaction({
        type: 'grant.issued',
        tenant: current.tenant,
        at,
        subject: current.approvalId,
        body: { grant_id: grantId, tool: current.tool, args_hash: argsHash, expires_at: expiresAt, single_use: true },
      });
    }
    return { kind: 'decided', approval: this.#read(input.approvalId) as ApprovalRequest };
  }

  async get(approvalId: string, tenant?: string): Promise<ApprovalRequest | undefined> {
    const found = this.#read(approvalId);
    return found && (tenant === undefined || found.tenant === tenant) ? found : undefined;
  }

  async list(filter: ApprovalListFilter = {}): Promise<ApprovalRequest[]> {
    const conditions = (['tenant', 'status'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column) => `a.${column} = ?`);
    const sql = `${APPROVAL_SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.created_at DESC, a.approval_id LIMIT ?`;
    return (this.#db.prepare(sql).all(...conditions.map((c) => filter[c]), filter.limit ?? 100) as ApprovalRow[]).map(toApproval);
  }

  #read(approvalId: string): ApprovalRequest | undefined {
    const row = this.#db.prepare(`${APPROVAL_SELECT} WHERE a.approval_id = ?`).get(approvalId) as ApprovalRow | undefined;
    return row && toApproval(row);
  }
}
