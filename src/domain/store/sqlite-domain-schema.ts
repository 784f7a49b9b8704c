import type { Database } from 'better-sqlite3';
import type { Migration } from '../../storage/index.js';
import { SQLITE_DIALECT } from '../../storage/index.js';
import { DOMAIN_SCHEMA_V2, DOMAIN_SCHEMA_V3, domainSchemaV1 } from './domain-schema.js';
import { FIXTURE_CANCELLATIONS, FIXTURE_SHIPMENTS } from '../fixtures/shipments.js';
import { FIXTURE_PRODUCTS, FIXTURE_STOCK, FIXTURE_WAREHOUSES } from '../fixtures/stock.js';
import { FIXTURE_DISTANCES, FIXTURE_TARIFFS } from '../fixtures/tariffs.js';
import { FIXTURE_TENANT_SHIPMENTS, fixtureTenant } from '../fixtures/tenant-shipments.js';

/**
 * The domain component's migrations, index + 1 = version.
 * Changelog: 1 — shipments with history, warehouses, products, stock, tariffs, distances, cancellations,
 * seeded with the fixtures. 2 — an owner tenant on every shipment and cancellation (existing ones:
 * `default`), the second tenant's fixtures (TTN-000015, TTN-000016 of `globex`), approvals, grants and
 * the boundary's audit chain. 3 — `key_id` on audit chain entries (format 2, keyed; format-1 rows keep null), the head row signed.
 */
export const DOMAIN_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(domainSchemaV1(SQLITE_DIALECT));
    seedFixtures(db);
  },
  (db) => {
    db.exec(DOMAIN_SCHEMA_V2);
    seedTenantFixtures(db);
  },
  (db) => {
    db.exec(DOMAIN_SCHEMA_V3);
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
