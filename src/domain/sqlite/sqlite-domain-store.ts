import type Database from 'better-sqlite3';
import type { City } from '../cities.js';
import type { CancelOutcome, CancelRequest, DomainStore } from '../domain-store.js';
import type { Cancellation, Product, Shipment, ShipmentEvent, StockLevel, Tariff, Warehouse } from '../entities.js';
import { FINAL_STATUSES } from '../entities.js';
import type { Service } from '../services.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { DOMAIN_MIGRATIONS } from './sqlite-schema.js';

interface ShipmentRow {
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
}

interface CancellationRow {
  cancellation_id: string;
  tracking_id: string;
  reason: string;
  refund_uah: number;
  idempotency_key: string;
  args_hash: string;
  cancelled_at: string;
}

/** The embedded default store: one SQLite file (better-sqlite3), WAL mode, shared safely by several processes. */
export class SqliteDomainStore implements DomainStore {
  readonly backend = 'sqlite' as const;
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens the file at `path` (created and seeded on first use); see openSqliteDatabase for errors. */
  static open(path: string): SqliteDomainStore {
    return new SqliteDomainStore(openSqliteDatabase(path, 'domain', DOMAIN_MIGRATIONS));
  }

  async getShipment(trackingId: string): Promise<Shipment | undefined> {
    return this.#readShipment(trackingId);
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
    const previous = this.#cancellationWhere('idempotency_key = ?', request.idempotencyKey);
    if (previous) {
      return previous.argsHash === request.argsHash
        ? { kind: 'replayed', cancellation: previous }
        : { kind: 'key_conflict', cancellation: previous };
    }
    const shipment = this.#db.prepare('SELECT status, paid_uah FROM shipments WHERE tracking_id = ?').get(request.trackingId) as
      | Pick<ShipmentRow, 'status' | 'paid_uah'>
      | undefined;
    if (!shipment) return { kind: 'not_found' };
    if (FINAL_STATUSES.has(shipment.status)) return { kind: 'not_cancellable', status: shipment.status };
    if (request.refundUah > shipment.paid_uah) return { kind: 'refund_exceeds_paid', paidUah: shipment.paid_uah };

    const { n } = this.#db.prepare('SELECT count(*) + 1 AS n FROM cancellations').get() as { n: number };
    const cancellation: Cancellation = {
      cancellationId: `CNL-${String(n).padStart(6, '0')}`,
      trackingId: request.trackingId,
      reason: request.reason,
      refundUah: request.refundUah,
      idempotencyKey: request.idempotencyKey,
      argsHash: request.argsHash,
      cancelledAt: request.cancelledAt,
    };
    this.#db
      .prepare(
        'INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(cancellation.cancellationId, cancellation.trackingId, cancellation.reason, cancellation.refundUah,
        cancellation.idempotencyKey, cancellation.argsHash, cancellation.cancelledAt);
    const origin = this.#db.prepare('SELECT origin FROM shipments WHERE tracking_id = ?').get(request.trackingId) as { origin: City };
    this.#db.prepare("UPDATE shipments SET status = 'cancelled', delay_reason = NULL, eta = NULL WHERE tracking_id = ?").run(request.trackingId);
    this.#db
      .prepare("INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES (?, ?, 'cancelled', ?, ?)")
      .run(request.trackingId, request.cancelledAt, origin.origin, `Скасовано (${cancellation.cancellationId}), повернення ${request.refundUah} грн`);
    return { kind: 'created', cancellation };
  }

  #readShipment(trackingId: string): Shipment | undefined {
    const row = this.#db.prepare('SELECT * FROM shipments WHERE tracking_id = ?').get(trackingId) as ShipmentRow | undefined;
    if (!row) return undefined;
    const history = this.#db
      .prepare('SELECT at, status, location, note FROM shipment_events WHERE tracking_id = ? ORDER BY id')
      .all(trackingId) as ShipmentEvent[];
    const cancellation = this.#cancellationWhere('tracking_id = ?', trackingId);
    return {
      trackingId: row.tracking_id,
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

  #cancellationWhere(condition: 'idempotency_key = ?' | 'tracking_id = ?', value: string): Cancellation | undefined {
    const row = this.#db.prepare(`SELECT * FROM cancellations WHERE ${condition}`).get(value) as CancellationRow | undefined;
    return row && {
      cancellationId: row.cancellation_id,
      trackingId: row.tracking_id,
      reason: row.reason,
      refundUah: row.refund_uah,
      idempotencyKey: row.idempotency_key,
      argsHash: row.args_hash,
      cancelledAt: row.cancelled_at,
    };
  }
}
