import type { PoolClient } from 'pg';
import type { PostgresPool } from '../../storage/postgres/shared-postgres-pool.js';
import { withTransaction } from '../../storage/index.js';
import type { PostgresAuditChain } from '../audit/postgres-audit-chain.js';
import type { ApprovalRow, ApprovalStoreOptions } from './approval-rows.js';
import { APPROVAL_SELECT, ApprovalStoreBase, decidedEvent, decisionValues, planDecision, requestedEvent, requestValues, toApproval } from './approval-rows.js';
import type { ApprovalDayCount, ApprovalListFilter, ApprovalRequest, ApprovalStore, DecideInput, DecideOutcome, NewApprovalRequest } from './approval-store.js';
import { APPROVAL_FORMAT_VERSION } from './approval-store.js';
import type { EditedShipment } from './edit-rule.js';
import { checkCancelEdit } from './edit-rule.js';

export type PostgresApprovalStoreOptions = ApprovalStoreOptions<PostgresAuditChain>;

/**
 * Approval requests, decisions and grants in PostgreSQL; every change is chained. One decision wins
 * because the decision is a conditional UPDATE (`WHERE status = 'pending'`): a second transaction waits
 * on the row lock, re-reads the row the first committed and changes nothing.
 */
export class PostgresApprovalStore extends ApprovalStoreBase<PostgresAuditChain> implements ApprovalStore {
  readonly #pool: PostgresPool;

  constructor(pool: PostgresPool, options: PostgresApprovalStoreOptions) {
    super(options);
    this.#pool = pool;
  }

  async request(input: NewApprovalRequest): Promise<ApprovalRequest> {
    return withTransaction(this.#pool, (client) => this.requestInTransaction(client, input));
  }

  /** Within the caller's transaction: the pending request for these exact arguments, or a new one. */
  async requestInTransaction(client: PoolClient, input: NewApprovalRequest): Promise<ApprovalRequest> {
    // Two clients repeating one call at once must get one approval id: they queue on a lock named by the call.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('waybill_approval:' || $1 || '|' || $2 || '|' || $3))", [input.tenant, input.tool, input.argsHash]);
    const now = this.now().toISOString();
    const existing = (
      await client.query<ApprovalRow>(
        `${APPROVAL_SELECT} WHERE a.tenant = $1 AND a.tool = $2 AND a.args_hash = $3 AND a.status = 'pending' AND a.expires_at > $4 ORDER BY a.created_at DESC LIMIT 1`,
        [input.tenant, input.tool, input.argsHash, now],
      )
    ).rows[0];
    if (existing) return toApproval(existing);
    const { approvalId, expiresAt } = this.newRequest();
    await client.query(
      `INSERT INTO approvals (approval_id, format_version, tenant, tool, args, args_hash, requested_by, created_at, expires_at, origins, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending')`,
      requestValues(input, approvalId, now, expiresAt, APPROVAL_FORMAT_VERSION),
    );
    await this.chain.appendInTransaction(client, requestedEvent(input, approvalId, now, expiresAt));
    return (await read(client, approvalId)) as ApprovalRequest;
  }

  async decide(input: DecideInput): Promise<DecideOutcome> {
    return withTransaction(this.#pool, (client) => this.decideInTransaction(client, input));
  }

  /** Within the caller's transaction: records the decision and, for an approval, issues the grant. */
  async decideInTransaction(client: PoolClient, input: DecideInput): Promise<DecideOutcome> {
    // FOR UPDATE: a concurrent decision waits here and then sees this one's outcome, not the stale 'pending'.
    const row = (await client.query<ApprovalRow>(`${APPROVAL_SELECT} WHERE a.approval_id = $1 FOR UPDATE OF a`, [input.approvalId])).rows[0];
    const planned = planDecision(row && toApproval(row), input, this.now());
    if ('outcome' in planned) return planned.outcome;
    const { plan } = planned;
    if (plan.checkEdit) {
      const shipment = (await client.query<EditedShipment>('SELECT status, paid_uah, tenant FROM shipments WHERE tracking_id = $1', [String(plan.args.tracking_id ?? '')])).rows[0];
      const checked = checkCancelEdit(plan.current.args, plan.args, { shipment, tenant: plan.current.tenant });
      if (!checked.success) return { kind: 'invalid_edit', problems: checked.problems };
    }
    const changed = (
      await client.query(
        `UPDATE approvals SET status = $1, decision = $2, decided_by = $3, decided_at = $4, decided_args = $5, decided_args_hash = $6, decision_reason = $7
         WHERE approval_id = $8 AND status = 'pending'`,
        decisionValues(plan, input),
      )
    ).rowCount;
    if (changed !== 1) return { kind: 'already_decided', approval: (await read(client, input.approvalId)) as ApprovalRequest };
    await this.chain.appendInTransaction(client, decidedEvent(plan, input));
    if (plan.approved) {
      const grant = this.newGrant(plan);
      await client.query('INSERT INTO grants (grant_id, approval_id, tenant, tool, args_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', grant.values);
      await this.chain.appendInTransaction(client, grant.event);
    }
    return { kind: 'decided', approval: (await read(client, input.approvalId)) as ApprovalRequest };
  }

  async get(approvalId: string, tenant?: string): Promise<ApprovalRequest | undefined> {
    const found = await read(this.#pool, approvalId);
    return found && (tenant === undefined || found.tenant === tenant) ? found : undefined;
  }

  async list(filter: ApprovalListFilter = {}): Promise<ApprovalRequest[]> {
    const conditions = (['tenant', 'status'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column, i) => `a.${column} = $${i + 1}`);
    const values: Array<string | number> = conditions.map((c) => filter[c] as string);
    // COLLATE "C": the same byte order as SQLite's, so both backends list ties identically.
    const sql = `${APPROVAL_SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.created_at DESC, a.approval_id COLLATE "C" LIMIT $${values.length + 1}`;
    return (await this.#pool.query<ApprovalRow>(sql, [...values, filter.limit ?? 100])).rows.map(toApproval);
  }

  async countByDay(range: { from: string; to: string; tenant?: string | undefined }): Promise<ApprovalDayCount[]> {
    const tenant = range.tenant === undefined ? '' : 'AND tenant = $3';
    const sql = `SELECT tenant, substr(created_at, 1, 10) AS day, status, decision, count(*)::int AS approvals FROM approvals
      WHERE created_at >= $1 AND created_at < $2 ${tenant}
      GROUP BY 1, 2, 3, 4`;
    return (await this.#pool.query<ApprovalDayCount>(sql, [range.from, range.to, ...(range.tenant === undefined ? [] : [range.tenant])])).rows;
  }
}

async function read(db: PostgresPool | PoolClient, approvalId: string): Promise<ApprovalRequest | undefined> {
  const row = (await (db as PostgresPool).query<ApprovalRow>(`${APPROVAL_SELECT} WHERE a.approval_id = $1`, [approvalId])).rows[0];
  return row && toApproval(row);
}
