import type { PoolClient } from 'pg';
import type { PostgresPool } from '../../storage/postgres/shared-postgres-pool.js';
import type { City } from '../cities.js';
import type { CancelOutcome, CancelRequest, DomainStore } from './domain-store.js';
import type { Product, Shipment, ShipmentEvent, StockLevel, Tariff, Warehouse } from '../entities.js';
import type { Service } from '../services.js';
import type { ApprovalRow } from '../approvals/approval-rows.js';
import { APPROVAL_SELECT, toApproval } from '../approvals/approval-rows.js';
import type { SqliteDomainStoreOptions } from './sqlite-domain-store.js';
import { openPostgresPool } from '../../storage/postgres/open-postgres-pool.js';
import { PostgresApprovalStore } from '../approvals/postgres-approval-store.js';
import { loadAuditKeyring } from '../audit/audit-keyring.js';
import { PostgresAuditChain } from '../audit/postgres-audit-chain.js';
import { defaultKeyDir } from '../audit/default-key-dir.js';
import { POSTGRES_DOMAIN_MIGRATIONS } from './postgres-domain-schema.js';
import type { CancellationRow, OwnedCancellation, ShipmentRow } from './domain-rows.js';
import { approvalOptions, autoDecision, cancelledNote, filingFor, grantAfterChain, grantBeforeChain, grantConsumedEvent, newCancellation, settledBeforeWriting, toCancellation, toShipment } from './domain-rows.js';
import { withTransaction } from '../../storage/postgres/with-transaction.js';


/** Options as for SQLite: clock, lifetimes, id generator. */
export type PostgresDomainStoreOptions = SqliteDomainStoreOptions;

/** 23505 unique_violation: a concurrent cancellation with the same key (or shipment) committed first. */
const LOST_RACE = ['23505'];

/**
 * The networked store: PostgreSQL through a `pg` pool. A cancellation is one transaction that holds the
 * ledger's advisory lock and the shipment row (FOR UPDATE); the idempotency key, the shipment and the
 * grant's consumer are UNIQUE, so even a writer that skipped the lock could not refund twice. A
 * transaction that loses a race on them runs again and answers `replayed`.
 */
export class PostgresDomainStore implements DomainStore {
  readonly backend = 'postgres' as const;
  readonly approvals: PostgresApprovalStore;
  readonly audit: PostgresAuditChain;
  readonly #pool: PostgresPool;
  #closed = false;

  constructor(pool: PostgresPool, options: PostgresDomainStoreOptions = {}) {
    this.#pool = pool;
    this.audit = new PostgresAuditChain(pool, options.auditKeys ?? loadAuditKeyring({ defaultDir: defaultKeyDir() }));
    this.approvals = new PostgresApprovalStore(pool, approvalOptions(this.audit, options));
  }

  /** Connects to `url`, creating and seeding the domain tables on first use; throws StoreError. */
  static async open(url: string, options: PostgresDomainStoreOptions = {}): Promise<PostgresDomainStore> {
    return new PostgresDomainStore(await openPostgresPool(url, 'domain', POSTGRES_DOMAIN_MIGRATIONS), options);
  }

  async getShipment(trackingId: string, tenant?: string): Promise<Shipment | undefined> {
    const shipment = await this.#readShipment(trackingId);
    return shipment && (tenant === undefined || shipment.tenant === tenant) ? shipment : undefined;
  }

  async listTrackingIds(tenant: string, prefix: string, limit: number): Promise<string[]> {
    const { rows } = await this.#pool.query<{ tracking_id: string }>(
      'SELECT tracking_id FROM shipments WHERE tenant = $1 AND substr(tracking_id, 1, length($2)) = $2 ORDER BY tracking_id LIMIT $3',
      [tenant, prefix, limit],
    );
    return rows.map((row) => row.tracking_id);
  }

  async getProduct(sku: string): Promise<Product | undefined> {
    return (await this.#pool.query<Product>('SELECT sku, name, category FROM products WHERE sku = $1', [sku])).rows[0];
  }

  async listStock(sku: string): Promise<StockLevel[]> {
    return (
      await this.#pool.query<StockLevel>(
        `SELECT s.sku, s.warehouse_id AS "warehouseId", w.city, s.quantity
         FROM stock s JOIN warehouses w USING (warehouse_id) WHERE s.sku = $1 ORDER BY s.warehouse_id COLLATE "C"`,
        [sku],
      )
    ).rows;
  }

  async listWarehouses(): Promise<Warehouse[]> {
    return (await this.#pool.query<Warehouse>('SELECT warehouse_id AS "warehouseId", city, address FROM warehouses ORDER BY warehouse_id COLLATE "C"')).rows;
  }

  async getTariff(service: Service): Promise<Tariff | undefined> {
    return (
      await this.#pool.query<Tariff>(
        `SELECT service, base_uah AS "baseUah", per_kg_uah AS "perKgUah", per_km_uah AS "perKmUah",
                max_weight_kg AS "maxWeightKg", insurance_rate AS "insuranceRate"
         FROM tariffs WHERE service = $1`,
        [service],
      )
    ).rows[0];
  }

  async distanceKm(from: City, to: City): Promise<number | undefined> {
    return (await this.#pool.query<{ km: number }>('SELECT km FROM distances WHERE city_from = $1 AND city_to = $2', [from, to])).rows[0]?.km;
  }

  async cancelShipment(request: CancelRequest): Promise<CancelOutcome> {
    return withTransaction(this.#pool, (client) => this.#cancelInTransaction(client, request), { retryOn: LOST_RACE });
  }

  async countCancellations(trackingId?: string): Promise<number> {
    const result =
      trackingId === undefined
        ? await this.#pool.query<{ n: number }>('SELECT count(*)::int AS n FROM cancellations')
        : await this.#pool.query<{ n: number }>('SELECT count(*)::int AS n FROM cancellations WHERE tracking_id = $1', [trackingId]);
    return result.rows[0]?.n ?? 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  async #cancelInTransaction(client: PoolClient, request: CancelRequest): Promise<CancelOutcome> {
    // One cancellation at a time per database, as SQLite's write lock gives: cancellation ids are
    // numbered in order, and the key's previous use is read after any concurrent one committed.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('waybill_cancellations:' || current_schema()))");
    const shipment = (
      await client.query<Pick<ShipmentRow, 'status' | 'paid_uah' | 'tenant' | 'origin'>>(
        'SELECT status, paid_uah, tenant, origin FROM shipments WHERE tracking_id = $1 FOR UPDATE',
        [request.trackingId],
      )
    ).rows[0];
    // Another tenant's shipment is exactly as unknown as a missing one, before any other rule speaks.
    if (!shipment || (request.tenant !== undefined && shipment.tenant !== request.tenant)) return { kind: 'not_found' };
    const { grant } = request;
    const presented = grant?.approvalId !== undefined ? await this.#checkGrant(client, request, grant.approvalId, shipment.tenant) : undefined;
    const found = await cancellationWhere(client, 'idempotency_key', request.idempotencyKey);
    const settled = settledBeforeWriting(request, shipment, found, presented);
    if (settled) return settled;
    let grantId = presented?.kind === 'ok' ? presented.grantId : undefined;
    let approvalId = grant?.approvalId;
    if (grant && grantId === undefined) {
      const filed = await this.approvals.requestInTransaction(client, filingFor(grant, shipment.tenant, request.argsHash));
      const auto = autoDecision(filed.approvalId, grant, request.refundUah);
      if (!auto) return { kind: 'approval_required', approval: filed };
      const decided = await this.approvals.decideInTransaction(client, auto);
      if (decided.kind !== 'decided' || !decided.approval.grant) return { kind: 'approval_required', approval: filed };
      grantId = decided.approval.grant.grantId;
      approvalId = filed.approvalId;
    }

    const n = (await client.query<{ n: number }>('SELECT count(*)::int + 1 AS n FROM cancellations')).rows[0]?.n ?? 1;
    const cancellation = newCancellation(n, request);
    await client.query(
      `INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at, tenant, approval_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [cancellation.cancellationId, cancellation.trackingId, cancellation.reason, cancellation.refundUah, cancellation.idempotencyKey, cancellation.argsHash,
        cancellation.cancelledAt, shipment.tenant, approvalId ?? null],
    );
    if (grantId !== undefined && approvalId !== undefined) {
      // Single use is a database fact: the grant row is claimed here, or the whole cancellation rolls back.
      const claimed = (
        await client.query('UPDATE grants SET consumed_at = $1, consumed_by = $2 WHERE grant_id = $3 AND consumed_at IS NULL', [request.cancelledAt, cancellation.cancellationId, grantId])
      ).rowCount;
      if (claimed !== 1) throw new Error(`grant ${grantId} was used concurrently`);
      await this.audit.appendInTransaction(client, grantConsumedEvent(request, shipment.tenant, approvalId, grantId, cancellation));
    }
    await client.query("UPDATE shipments SET status = 'cancelled', delay_reason = NULL, eta = NULL WHERE tracking_id = $1", [request.trackingId]);
    await client.query("INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES ($1, $2, 'cancelled', $3, $4)", [
      request.trackingId, request.cancelledAt, shipment.origin, cancelledNote(cancellation, request.refundUah),
    ]);
    return { kind: 'created', cancellation };
  }

  /** The presented approval's grant, if it lets this exact call run now (the grant row is locked). */
  async #checkGrant(client: PoolClient, request: CancelRequest, approvalId: string, owner: string): Promise<{ kind: 'ok'; grantId: string } | Extract<CancelOutcome, { kind: 'grant_refused' }>> {
    await client.query('SELECT 1 FROM grants WHERE approval_id = $1 FOR UPDATE', [approvalId]);
    const row = (await client.query<ApprovalRow>(`${APPROVAL_SELECT} WHERE a.approval_id = $1`, [approvalId])).rows[0];
    const verdict = grantBeforeChain(row && toApproval(row), owner);
    if (verdict.kind !== 'check') return verdict;
    return grantAfterChain(request, verdict.approval, await this.audit.grantMatchesChain(client, verdict.approval.approvalId, verdict.approval.grant));
  }

  async #readShipment(trackingId: string): Promise<Shipment | undefined> {
    // One statement (it was three round trips, issue 36), so the shipment, its history and its
    // cancellation are also read from one snapshot. The columns are text, integers and doubles, which
    // JSON gives back as the driver would.
    const row = (
      await this.#pool.query<{ shipment: ShipmentRow; history: ShipmentEvent[]; cancellation: CancellationRow | null }>({
        name: 'waybill-domain-read-shipment',
        text: `SELECT row_to_json(s) AS shipment,
                 (SELECT coalesce(json_agg(json_build_object('at', e.at, 'status', e.status, 'location', e.location, 'note', e.note) ORDER BY e.id), '[]'::json)
                    FROM shipment_events e WHERE e.tracking_id = $1) AS history,
                 (SELECT row_to_json(c) FROM cancellations c WHERE c.tracking_id = $1) AS cancellation
               FROM shipments s WHERE s.tracking_id = $1`,
        values: [trackingId],
      })
    ).rows[0];
    if (!row) return undefined;
    return toShipment(row.shipment, row.history, row.cancellation ? toCancellation(row.cancellation) : undefined);
  }
}

async function cancellationWhere(db: PostgresPool | PoolClient, column: 'idempotency_key' | 'tracking_id', value: string): Promise<OwnedCancellation | undefined> {
  const row = (await (db as PostgresPool).query<CancellationRow>(`SELECT * FROM cancellations WHERE ${column} = $1`, [value])).rows[0];
  return row && toCancellation(row);
}
