import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { City } from '../cities.js';
import type { CancelOutcome, CancelRequest, DomainStore } from './domain-store.js';
import type { Product, Shipment, ShipmentEvent, StockLevel, Tariff, Warehouse } from '../entities.js';
import type { Service } from '../services.js';
import { openSqliteDatabase } from '../../storage/sqlite/open-sqlite-database.js';
import type { ApprovalRow } from '../approvals/approval-rows.js';
import { APPROVAL_SELECT, toApproval } from '../approvals/approval-rows.js';
import { SqliteApprovalStore } from '../approvals/sqlite-approval-store.js';
import { loadAuditKeyring } from '../audit/audit-keyring.js';
import { SqliteAuditChain } from '../audit/sqlite-audit-chain.js';
import { DOMAIN_MIGRATIONS } from './sqlite-domain-schema.js';
import type { CancellationRow, DomainStoreOptions, OwnedCancellation, ShipmentRow } from './domain-rows.js';
import { approvalOptions, autoDecision, cancelledNote, filingFor, grantAfterChain, grantBeforeChain, grantConsumedEvent, newCancellation, settledBeforeWriting, toCancellation, toShipment } from './domain-rows.js';


/** Clock, approval lifetimes and id generator (domain-rows.ts). */
export type SqliteDomainStoreOptions = DomainStoreOptions;

/** The embedded default store: one SQLite file (better-sqlite3), WAL mode, shared safely by several processes. */
export class SqliteDomainStore implements DomainStore {
  readonly backend = 'sqlite' as const;
  readonly approvals: SqliteApprovalStore;
  readonly audit: SqliteAuditChain;
  readonly #db: Database.Database;

  constructor(db: Database.Database, options: SqliteDomainStoreOptions = {}) {
    this.#db = db;
    this.audit = new SqliteAuditChain(db, options.auditKeys ?? loadAuditKeyring());
    this.approvals = new SqliteApprovalStore(db, approvalOptions(this.audit, options));
  }

  /** Opens the file at `path` (created and seeded on first use); see openSqliteDatabase for errors. */
  static open(path: string, options: SqliteDomainStoreOptions = {}): SqliteDomainStore {
    // The default key file sits in the database's directory; an in-memory database gets a key in memory.
    const auditKeys = options.auditKeys ?? loadAuditKeyring(path === ':memory:' ? {} : { defaultDir: dirname(resolve(path)) });
    return new SqliteDomainStore(openSqliteDatabase(path, 'domain', DOMAIN_MIGRATIONS), { ...options, auditKeys });
  }

  async getShipment(trackingId: string, tenant?: string): Promise<Shipment | undefined> {
    const shipment = this.#readShipment(trackingId);
    return shipment && (tenant === undefined || shipment.tenant === tenant) ? shipment : undefined;
  }

  async listTrackingIds(tenant: string, prefix: string, limit: number): Promise<string[]> {
    const rows = this.#db
      .prepare('SELECT tracking_id FROM shipments WHERE tenant = ? AND substr(tracking_id, 1, length(?)) = ? ORDER BY tracking_id LIMIT ?')
      .all(tenant, prefix, prefix, limit) as Array<{ tracking_id: string }>;
    return rows.map((row) => row.tracking_id);
  }

  async getProduct(sku: string): Promise<Product | undefined> {
    return this.#db.prepare('SELECT sku, name, category FROM products WHERE sku = ?').get(sku) as Product | undefined;
  }

  async listStock(sku: string): Promise<StockLevel[]> {
    return this.#db
      .prepare(
        `SELECT s.sku, s.warehouse_id AS warehouseId, w.city, s.quantity
         FROM stock s JOIN warehouses w USING (warehouse_id) WHERE s.sku = ? ORDER BY s.warehouse_id`,
      )
      .all(sku) as StockLevel[];
  }

  async listWarehouses(): Promise<Warehouse[]> {
    return this.#db
      .prepare('SELECT warehouse_id AS warehouseId, city, address FROM warehouses ORDER BY warehouse_id')
      .all() as Warehouse[];
  }

  async getTariff(service: Service): Promise<Tariff | undefined> {
    return this.#db
      .prepare(
        `SELECT service, base_uah AS baseUah, per_kg_uah AS perKgUah, per_km_uah AS perKmUah,
                max_weight_kg AS maxWeightKg, insurance_rate AS insuranceRate
         FROM tariffs WHERE service = ?`,
      )
      .get(service) as Tariff | undefined;
  }

  async distanceKm(from: City, to: City): Promise<number | undefined> {
    const row = this.#db.prepare('SELECT km FROM distances WHERE city_from = ? AND city_to = ?').get(from, to) as
      | { km: number }
      | undefined;
    return row?.km;
  }

  async cancelShipment(request: CancelRequest): Promise<CancelOutcome> {
    return this.#db.transaction(() => this.#cancelInTransaction(request)).immediate();
  }

  async countCancellations(trackingId?: string): Promise<number> {
    const row = (
      trackingId === undefined
        ? this.#db.prepare('SELECT count(*) AS n FROM cancellations').get()
        : this.#db.prepare('SELECT count(*) AS n FROM cancellations WHERE tracking_id = ?').get(trackingId)
    ) as { n: number };
    return row.n;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }

  #cancelInTransaction(request: CancelRequest): CancelOutcome {
    const shipment = this.#db.prepare('SELECT status, paid_uah, tenant FROM shipments WHERE tracking_id = ?').get(request.trackingId) as
      | Pick<ShipmentRow, 'status' | 'paid_uah' | 'tenant'>
      | undefined;
    // Another tenant's shipment is exactly as unknown as a missing one, before any other rule speaks.
    if (!shipment || (request.tenant !== undefined && shipment.tenant !== request.tenant)) return { kind: 'not_found' };
    const { grant } = request;
    const presented = grant?.approvalId !== undefined ? this.#checkGrant(request, grant.approvalId, shipment.tenant) : undefined;
    const found = this.#cancellationWhere('idempotency_key = ?', request.idempotencyKey);
    const settled = settledBeforeWriting(request, shipment, found, presented);
    if (settled) return settled;
    let grantId = presented?.kind === 'ok' ? presented.grantId : undefined;
    let approvalId = grant?.approvalId;
    if (grant && grantId === undefined) {
      const filed = this.approvals.requestInTransaction(filingFor(grant, shipment.tenant, request.argsHash));
      const auto = autoDecision(filed.approvalId, grant, request.refundUah);
      if (!auto) return { kind: 'approval_required', approval: filed };
      const decided = this.approvals.decideInTransaction(auto);
      if (decided.kind !== 'decided' || !decided.approval.grant) return { kind: 'approval_required', approval: filed };
      grantId = decided.approval.grant.grantId;
      approvalId = filed.approvalId;
    }

    const { n } = this.#db.prepare('SELECT count(*) + 1 AS n FROM cancellations').get() as { n: number };
    const cancellation = newCancellation(n, request);
    this.#db
      .prepare(
        'INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(cancellation.cancellationId, cancellation.trackingId, cancellation.reason, cancellation.refundUah,
        cancellation.idempotencyKey, cancellation.argsHash, cancellation.cancelledAt);
    this.#db.prepare('UPDATE cancellations SET tenant = ?, approval_id = ? WHERE cancellation_id = ?').run(shipment.tenant, approvalId ?? null, cancellation.cancellationId);
    if (grantId !== undefined && approvalId !== undefined) {
      // Single use is a database fact: the grant row is claimed here, or the whole cancellation rolls back.
      const claimed = this.#db
        .prepare('UPDATE grants SET consumed_at = ?, consumed_by = ? WHERE grant_id = ? AND consumed_at IS NULL')
        .run(request.cancelledAt, cancellation.cancellationId, grantId).changes;
      if (claimed !== 1) throw new Error(`grant ${grantId} was used concurrently`);
      this.audit.appendInTransaction(grantConsumedEvent(request, shipment.tenant, approvalId, grantId, cancellation));
    }
    const origin = this.#db.prepare('SELECT origin FROM shipments WHERE tracking_id = ?').get(request.trackingId) as { origin: City };
    this.#db.prepare("UPDATE shipments SET status = 'cancelled', delay_reason = NULL, eta = NULL WHERE tracking_id = ?").run(request.trackingId);
    this.#db
      .prepare("INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES (?, ?, 'cancelled', ?, ?)")
      .run(request.trackingId, request.cancelledAt, origin.origin, cancelledNote(cancellation, request.refundUah));
    return { kind: 'created', cancellation };
  }

  /** The presented approval's grant, if it lets this exact call run now. */
  #checkGrant(request: CancelRequest, approvalId: string, owner: string): { kind: 'ok'; grantId: string } | Extract<CancelOutcome, { kind: 'grant_refused' }> {
    const row = this.#db.prepare(`${APPROVAL_SELECT} WHERE a.approval_id = ?`).get(approvalId) as ApprovalRow | undefined;
    const verdict = grantBeforeChain(row && toApproval(row), owner);
    if (verdict.kind !== 'check') return verdict;
    return grantAfterChain(request, verdict.approval, this.audit.grantMatchesChain(verdict.approval.approvalId, verdict.approval.grant));
  }

  #readShipment(trackingId: string): Shipment | undefined {
    const row = this.#db.prepare('SELECT * FROM shipments WHERE tracking_id = ?').get(trackingId) as ShipmentRow | undefined;
    if (!row) return undefined;
    const history = this.#db
      .prepare('SELECT at, status, location, note FROM shipment_events WHERE tracking_id = ? ORDER BY id')
      .all(trackingId) as ShipmentEvent[];
    return toShipment(row, history, this.#cancellationWhere('tracking_id = ?', trackingId));
  }

  #cancellationWhere(condition: 'idempotency_key = ?' | 'tracking_id = ?', value: string): OwnedCancellation | undefined {
    const row = this.#db.prepare(`SELECT * FROM cancellations WHERE ${condition}`).get(value) as CancellationRow | undefined;
    return row && toCancellation(row);
  }
}
