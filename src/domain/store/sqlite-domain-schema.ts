import type { Database } from 'better-sqlite3';
import type { Migration } from '../../storage/sqlite/component-schema.js';
import { FIXTURE_CANCELLATIONS, FIXTURE_SHIPMENTS } from '../fixtures/shipments.js';
import { FIXTURE_PRODUCTS, FIXTURE_STOCK, FIXTURE_WAREHOUSES } from '../fixtures/stock.js';
import { FIXTURE_DISTANCES, FIXTURE_TARIFFS } from '../fixtures/tariffs.js';
import { FIXTURE_TENANT_SHIPMENTS, fixtureTenant } from '../fixtures/tenant-shipments.js';

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

// Tenancy, approvals and grants, and the boundary's hash-chained audit trail. Existing shipments and
// cancellations belong to the default tenant (the one local callers act as).
const VERSION_2 = `
    ALTER TABLE shipments ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
    CREATE INDEX shipments_by_tenant ON shipments(tenant, tracking_id);
    ALTER TABLE cancellations ADD COLUMN tenant TEXT NOT NULL DEFAULT 'default';
    ALTER TABLE cancellations ADD COLUMN approval_id TEXT;
    CREATE TABLE approvals (
      approval_id TEXT PRIMARY KEY,
      format_version INTEGER NOT NULL,
      tenant TEXT NOT NULL,
      tool TEXT NOT NULL,
      args TEXT NOT NULL,
      args_hash TEXT NOT NULL,
      requested_by TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      origins TEXT,
      status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      decision TEXT CHECK (decision IN ('approve', 'edit', 'reject', 'auto')),
      decided_by TEXT,
      decided_at TEXT,
      decided_args TEXT,
      decided_args_hash TEXT,
      decision_reason TEXT
    );
    CREATE INDEX approvals_lookup ON approvals(tenant, tool, args_hash, status);
    CREATE INDEX approvals_by_status ON approvals(status, created_at);
    CREATE TABLE grants (
      grant_id TEXT PRIMARY KEY,
      approval_id TEXT NOT NULL UNIQUE REFERENCES approvals(approval_id),
      tenant TEXT NOT NULL,
      tool TEXT NOT NULL,
      args_hash TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      consumed_at TEXT,
      consumed_by TEXT UNIQUE
    );
    CREATE TABLE audit_chain (
      seq INTEGER PRIMARY KEY,
      version INTEGER NOT NULL,
      at TEXT NOT NULL,
      type TEXT NOT NULL,
      tenant TEXT NOT NULL,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL
    );
    CREATE INDEX audit_chain_by_subject ON audit_chain(subject, seq);
    CREATE TABLE audit_chain_head (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL, hash TEXT NOT NULL);
  `;

/**
 * The domain component's migrations, index + 1 = version.
 * Changelog: 1 — shipments with history, warehouses, products, stock, tariffs, distances, cancellations,
 * seeded with the fixtures. 2 — an owner tenant on every shipment and cancellation (existing ones:
 * `default`), the second tenant's fixtures (TTN-000015, TTN-000016 of `globex`), approvals, grants and
 * the boundary's audit chain.
 */
export const DOMAIN_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(VERSION_1);
    seedFixtures(db);
  },
  (db) => {
    db.exec(VERSION_2);
    seedTenantFixtures(db);
  },
];

function seedTenantFixtures(db: Database): void {
  const shipment = db.prepare(
    `INSERT INTO shipments (tracking_id, status, origin, destination, service, weight_kg, paid_uah, recipient_name, recipient_phone,
      delay_reason, eta, tenant) VALUES (@trackingId, @status, @origin, @destination, @service, @weightKg, @paidUah,
      @recipientName, @recipientPhone, @delayReason, @eta, @tenant)`,
  );
  const event = db.prepare('INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES (?, ?, ?, ?, ?)');
  for (const s of FIXTURE_TENANT_SHIPMENTS) {
    shipment.run({
      trackingId: s.trackingId,
      status: s.status,
      origin: s.origin,
      destination: s.destination,
      service: s.service,
      weightKg: s.weightKg,
      paidUah: s.paidUah,
      recipientName: s.recipient.name,
      recipientPhone: s.recipient.phone,
      delayReason: s.delayReason ?? null,
      eta: s.eta ?? null,
      tenant: fixtureTenant(s),
    });
    for (const e of s.history) event.run(s.trackingId, e.at, e.status, e.location, e.note);
  }
}

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
