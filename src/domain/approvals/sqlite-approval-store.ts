import type Database from 'better-sqlite3';
import type { SqliteAuditChain } from '../audit/sqlite-audit-chain.js';
import type { ApprovalStoreOptions } from './approval-rows.js';
import { APPROVAL_SELECT, ApprovalStoreBase, decidedEvent, decisionValues, planDecision, requestedEvent, requestValues, toApproval } from './approval-rows.js';
import type { ApprovalRow } from './approval-rows.js';
import type { ApprovalDayCount, ApprovalListFilter, ApprovalRequest, ApprovalStore, DecideInput, DecideOutcome, NewApprovalRequest } from './approval-store.js';
import { APPROVAL_FORMAT_VERSION } from './approval-store.js';
import type { EditedShipment } from './edit-rule.js';
import { checkCancelEdit } from './edit-rule.js';

export type SqliteApprovalStoreOptions = ApprovalStoreOptions<SqliteAuditChain>;

/** Approval requests, decisions and grants in the domain's SQLite file; every change is chained. */
export class SqliteApprovalStore extends ApprovalStoreBase<SqliteAuditChain> implements ApprovalStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database, options: SqliteApprovalStoreOptions) {
    super(options);
    this.#db = db;
  }

  async request(input: NewApprovalRequest): Promise<ApprovalRequest> {
    return this.#db.transaction(() => this.requestInTransaction(input)).immediate();
  }

  /** Within the caller's transaction: the pending request for these exact arguments, or a new one. */
  requestInTransaction(input: NewApprovalRequest): ApprovalRequest {
    const now = this.now().toISOString();
    const existing = this.#db
      .prepare(`${APPROVAL_SELECT} WHERE a.tenant = ? AND a.tool = ? AND a.args_hash = ? AND a.status = 'pending' AND a.expires_at > ? ORDER BY a.created_at DESC LIMIT 1`)
      .get(input.tenant, input.tool, input.argsHash, now) as ApprovalRow | undefined;
    if (existing) return toApproval(existing);
    const { approvalId, expiresAt } = this.newRequest();
    this.#db
      .prepare(
        `INSERT INTO approvals (approval_id, format_version, tenant, tool, args, args_hash, requested_by, created_at, expires_at, origins, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
      )
      .run(...requestValues(input, approvalId, now, expiresAt, APPROVAL_FORMAT_VERSION));
    this.chain.appendInTransaction(requestedEvent(input, approvalId, now, expiresAt));
    return this.#read(approvalId) as ApprovalRequest;
  }

  async decide(input: DecideInput): Promise<DecideOutcome> {
    return this.#db.transaction(() => this.decideInTransaction(input)).immediate();
  }

  /** Within the caller's transaction: records the decision and, for an approval, issues the grant. */
  decideInTransaction(input: DecideInput): DecideOutcome {
    const planned = planDecision(this.#read(input.approvalId), input, this.now());
    if ('outcome' in planned) return planned.outcome;
    const { plan } = planned;
    if (plan.checkEdit) {
      const shipment = this.#db.prepare('SELECT status, paid_uah, tenant FROM shipments WHERE tracking_id = ?').get(String(plan.args.tracking_id ?? '')) as EditedShipment | undefined;
      const checked = checkCancelEdit(plan.current.args, plan.args, { shipment, tenant: plan.current.tenant });
      if (!checked.success) return { kind: 'invalid_edit', problems: checked.problems };
    }
    const changed = this.#db
      .prepare(
        `UPDATE approvals SET status = ?, decision = ?, decided_by = ?, decided_at = ?, decided_args = ?, decided_args_hash = ?, decision_reason = ?
         WHERE approval_id = ? AND status = 'pending'`,
      )
      .run(...decisionValues(plan, input)).changes;
    if (changed !== 1) return { kind: 'already_decided', approval: this.#read(input.approvalId) as ApprovalRequest };
    this.chain.appendInTransaction(decidedEvent(plan, input));
    if (plan.approved) {
      const grant = this.newGrant(plan);
      this.#db.prepare('INSERT INTO grants (grant_id, approval_id, tenant, tool, args_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(...grant.values);
      this.chain.appendInTransaction(grant.event);
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

  async countByDay(range: { from: string; to: string; tenant?: string | undefined }): Promise<ApprovalDayCount[]> {
    const tenant = range.tenant === undefined ? '' : 'AND tenant = ?';
    const sql = `SELECT tenant, substr(created_at, 1, 10) AS day, status, decision, count(*) AS approvals FROM approvals
      WHERE created_at >= ? AND created_at < ? ${tenant} GROUP BY tenant, day, status, decision ORDER BY day, tenant, status, decision`;
    return this.#db.prepare(sql).all(range.from, range.to, ...(range.tenant === undefined ? [] : [range.tenant])) as ApprovalDayCount[];
  }

  #read(approvalId: string): ApprovalRequest | undefined {
    const row = this.#db.prepare(`${APPROVAL_SELECT} WHERE a.approval_id = ?`).get(approvalId) as ApprovalRow | undefined;
    return row && toApproval(row);
  }
}
