import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type {
  ApprovalLifetimes,
  ApprovalListFilter,
  ApprovalRequest,
  ApprovalStore,
  DecideInput,
  DecideOutcome,
  NewApprovalRequest,
} from './approval-store.js';
import type { EditedShipment } from './edit-against-shipment.js';
import { editProblems } from './edit-against-shipment.js';
import { APPROVAL_FORMAT_VERSION, DEFAULT_APPROVAL_LIFETIMES } from './approval-store.js';
import type { ApprovalRow } from './sqlite-approval-store.js';
import { APPROVAL_SELECT, toApproval } from './sqlite-approval-store.js';
import type { PostgresAuditChain } from '../audit/postgres-audit-chain.js';
import { withTransaction } from '../../storage/postgres/with-transaction.js';

export interface PostgresApprovalStoreOptions {
  chain: PostgresAuditChain;
  now: () => Date;
  lifetimes?: Partial<ApprovalLifetimes>;
  newId?: () => string;
}

const defaultId = () => randomBytes(8).toString('hex');

/**
 * Approval requests, decisions and grants in PostgreSQL; every change is chained. One decision wins
 * because the decision is a conditional UPDATE (`WHERE status = 'pending'`): a second transaction waits
 * on the row lock, re-reads the row the first committed and changes nothing.
 */
export class PostgresApprovalStore implements ApprovalStore {
  readonly #pool: Pool;
  readonly #chain: PostgresAuditChain;
  readonly #now: () => Date;
  readonly #lifetimes: ApprovalLifetimes;
  readonly #newId: () => string;

  constructor(pool: Pool, options: PostgresApprovalStoreOptions) {
    this.#pool = pool;
    this.#chain = options.chain;
    this.#now = options.now;
    this.#lifetimes = { ...DEFAULT_APPROVAL_LIFETIMES, ...options.lifetimes };
    this.#newId = options.newId ?? defaultId;
  }

  async request(input: NewApprovalRequest): Promise<ApprovalRequest> {
    return withTransaction(this.#pool, (client) => this.requestInTransaction(client, input));
  }

  /** Within the caller's transaction: the pending request for these exact arguments, or a new one. */
  async requestInTransaction(client: PoolClient, input: NewApprovalRequest): Promise<ApprovalRequest> {
    // Two clients repeating one call at once must get one approval id: they queue on a lock named by the call.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('waybill_approval:' || $1 || '|' || $2 || '|' || $3))", [input.tenant, input.tool, input.argsHash]);
    const now = this.#now().toISOString();
    const existing = (
      await client.query<ApprovalRow>(
        `${APPROVAL_SELECT} WHERE a.tenant = $1 AND a.tool = $2 AND a.args_hash = $3 AND a.status = 'pending' AND a.expires_at > $4 ORDER BY a.created_at DESC LIMIT 1`,
        [input.tenant, input.tool, input.argsHash, now],
      )
    ).rows[0];
    if (existing) return toApproval(existing);
    const approvalId = `apr_${this.#newId()}`;
    const expiresAt = new Date(this.#now().getTime() + this.#lifetimes.requestTtlMs).toISOString();
    await client.query(
      `INSERT INTO approvals (approval_id, format_version, tenant, tool, args, args_hash, requested_by, created_at, expires_at, origins, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending')`,
      [approvalId, APPROVAL_FORMAT_VERSION, input.tenant, input.tool, JSON.stringify(input.args), input.argsHash, input.requestedBy, now, expiresAt,
        input.origins ? JSON.stringify(input.origins) : null],
    );
    await this.#chain.appendInTransaction(client, {
      type: 'approval.requested',
      tenant: input.tenant,
      at: now,
      subject: approvalId,
      body: { tool: input.tool, args: input.args, args_hash: input.argsHash, requested_by: input.requestedBy, expires_at: expiresAt, ...(input.origins && { origins: input.origins }) },
    });
    return (await read(client, approvalId)) as ApprovalRequest;
  }

  async decide(input: DecideInput): Promise<DecideOutcome> {
    return withTransaction(this.#pool, (client) => this.decideInTransaction(client, input));
  }

  /** Within the caller's transaction: records the decision and, for an approval, issues the grant. */
  async decideInTransaction(client: PoolClient, input: DecideInput): Promise<DecideOutcome> {
    // FOR UPDATE: a concurrent decision waits here and then sees this one's outcome, not the stale 'pending'.
    const row = (await client.query<ApprovalRow>(`${APPROVAL_SELECT} WHERE a.approval_id = $1 FOR UPDATE OF a`, [input.approvalId])).rows[0];
    const current = row && toApproval(row);
    if (!current || (input.tenant !== undefined && current.tenant !== input.tenant)) return { kind: 'not_found' };
    if (current.status !== 'pending') return { kind: 'already_decided', approval: current };
    const now = this.#now();
    const at = now.toISOString();
    if (current.expiresAt <= at) return { kind: 'expired', approval: current };
    const approved = input.kind !== 'reject';
    const args = input.kind === 'edit' && input.args ? input.args : current.args;
    const argsHash = input.kind === 'edit' && input.argsHash ? input.argsHash : current.argsHash;
    if (input.kind === 'edit' && current.tool === 'cancel_shipment') {
      const shipment = (await client.query<EditedShipment>('SELECT status, paid_uah, tenant FROM shipments WHERE tracking_id = $1', [String(args.tracking_id ?? '')])).rows[0];
      const problems = editProblems(shipment, current.tenant, args);
      if (problems.length > 0) return { kind: 'invalid_edit', problems };
    }
    const changed = (
      await client.query(
        `UPDATE approvals SET status = $1, decision = $2, decided_by = $3, decided_at = $4, decided_args = $5, decided_args_hash = $6, decision_reason = $7
         WHERE approval_id = $8 AND status = 'pending'`,
        [approved ? 'approved' : 'rejected', input.kind, input.decidedBy, at, JSON.stringify(args), argsHash, input.reason ?? null, input.approvalId],
      )
    ).rowCount;
    if (changed !== 1) return { kind: 'already_decided', approval: (await read(client, input.approvalId)) as ApprovalRequest };
    await this.#chain.appendInTransaction(client, {
      type: 'approval.decided',
      tenant: current.tenant,
      at,
      subject: current.approvalId,
      body: { decision: input.kind, decided_by: input.decidedBy, args, args_hash: argsHash, ...(input.reason !== undefined && { reason: input.reason }) },
    });
    if (approved) {
      const grantId = `grt_${this.#newId()}`;
      const expiresAt = new Date(now.getTime() + this.#lifetimes.grantTtlMs).toISOString();
      await client.query('INSERT INTO grants (grant_id, approval_id, tenant, tool, args_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        grantId, current.approvalId, current.tenant, current.tool, argsHash, at, expiresAt,
      ]);
      await this.#chain.appendInTransaction(client, {
        type: 'grant.issued',
        tenant: current.tenant,
        at,
        subject: current.approvalId,
        body: { grant_id: grantId, tool: current.tool, args_hash: argsHash, expires_at: expiresAt, single_use: true },
      });
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
}

async function read(db: Pool | PoolClient, approvalId: string): Promise<ApprovalRequest | undefined> {
  const row = (await (db as Pool).query<ApprovalRow>(`${APPROVAL_SELECT} WHERE a.approval_id = $1`, [approvalId])).rows[0];
  return row && toApproval(row);
}
