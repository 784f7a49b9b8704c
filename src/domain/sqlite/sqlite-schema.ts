import type { Database } from 'better-sqlite3';
import type { Migration } from './component-schema.js';
import { FIXTURE_CANCELLATIONS, FIXTURE_SHIPMENTS } from '../fixtures/shipments.js';
import { FIXTURE_PRODUCTS, FIXTURE_STOCK, FIXTURE_WAREHOUSES } from '../fixtures/stock.js';
import { FIXTURE_DISTANCES, FIXTURE_TARIFFS } from '../fixtures/tariffs.js';

const VERSION_1 = `
    CREATE TABLE shipments (
      tracking_id TEXT PRIMARY KEY,
      status TEXT NOT NULL,
      origin TEXT NOT NULL,
      destination TEXT NOT NULL,
      service TEXT NOT NULL,
      weight_kg REAL NOT NULL,
      paid_uah REAL NOT NULL,
      recipient_name TEXT NOT NULL,
      recipient_phone TEXT NOT NULL,
      delay_reason TEXT,
      eta TEXT
    );
    CREATE TABLE shipment_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      tracking_id TEXT NOT NULL REFERENCES shipments(tracking_id),
      at TEXT NOT NULL,
      status TEXT NOT NULL,
      location TEXT NOT NULL,
      note TEXT NOT NULL
    );
    CREATE INDEX shipment_events_by_tracking_id ON shipment_events(tracking_id, id);
    CREATE TABLE warehouses (warehouse_id TEXT PRIMARY KEY, city TEXT NOT NULL UNIQUE, address TEXT NOT NULL);
    CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL);
    CREATE TABLE stock (
      sku TEXT NOT NULL REFERENCES products(sku),
      warehouse_id TEXT NOT NULL REFERENCES warehouses(warehouse_id),
      quantity INTEGER NOT NULL CHECK (quantity >= 0),
      PRIMARY KEY (sku, warehouse_id)
    );
    CREATE TABLE tariffs (
      service TEXT PRIMARY KEY,
      base_uah REAL NOT NULL,
      per_kg_uah REAL NOT NULL,
      per_km_uah REAL NOT NULL,
      max_weight_kg REAL NOT NULL,
      insurance_rate REAL NOT NULL
    );
    CREATE TABLE distances (city_from TEXT NOT NULL, city_to TEXT NOT NULL, km REAL NOT NULL, PRIMARY KEY (city_from, city_to));
    CREATE TABLE cancellations (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      cancellation_id TEXT NOT NULL UNIQUE,
      tracking_id TEXT NOT NULL UNIQUE REFERENCES shipments(tracking_id),
      reason TEXT NOT NULL,
      refund_uah REAL NOT NULL,
      idempotency_key TEXT NOT NULL UNIQUE,
      args_hash TEXT NOT NULL,
      cancelled_at TEXT NOT NULL
    );
  `;

/**
 * The domain component's migrations, index + 1 = version.
 * Changelog: 1 — shipments with history, warehouses, products, stock, tariffs, distances, cancellations,
 * seeded with the fixtures.
 */
export const DOMAIN_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(VERSION_1);
    seedFixtures(db);
  },
];

function seedFixtures(db: Database): void {
  const shipment = db.prepare(
    `INSERT INTO shipments VALUES (@trackingId, @status, @origin, @destination, @service, @weightKg, @paidUah,
      @recipientName, @recipientPhone, @delayReason, @eta)`,
  );
  const event = db.prepare('INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES (?, ?, ?, ?, ?)');
  for (const s of FIXTURE_SHIPMENTS) {
    shipment.run({
      ...s,
      recipientName: s.recipient.name,
      recipientPhone: s.recipient.phone,
      delayReason: s.delayReason ?? null,
      eta: s.eta ?? null,
    });
    for (const e of s.history) event.run(s.trackingId, e.at, e.status, e.location, e.note);
  }
  const cancellation = db.prepare(
    'INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const c of FIXTURE_CANCELLATIONS) {
    cancellation.run(c.cancellationId, c.trackingId, c.reason, c.refundUah, c.idempotencyKey, c.argsHash, c.cancelledAt);
  }
  const warehouse = db.prepare('INSERT INTO warehouses VALUES (?, ?, ?)');
  for (const w of FIXTURE_WAREHOUSES) warehouse.run(w.warehouseId, w.city, w.address);
  const product = db.prepare('INSERT INTO products VALUES (?, ?, ?)');
  for (const p of FIXTURE_PRODUCTS) product.run(p.sku, p.name, p.category);
  const stock = db.prepare('INSERT INTO stock VALUES (?, ?, ?)');
  for (const s of FIXTURE_STOCK) stock.run(s.sku, s.warehouseId, s.quantity);
  const tariff = db.prepare('INSERT INTO tariffs VALUES (?, ?, ?, ?, ?, ?)');
  for (const t of FIXTURE_TARIFFS) tariff.run(t.service, t.baseUah, t.perKgUah, t.perKmUah, t.maxWeightKg, t.insuranceRate);
  const distance = db.prepare('INSERT INTO distances VALUES (?, ?, ?)');
  for (const [a, b, km] of FIXTURE_DISTANCES) {
    distance.run(a, b, km);
    distance.run(b, a, km);
  }
}
