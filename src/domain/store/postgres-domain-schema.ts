import type { PoolClient } from 'pg';
import type { Shipment } from '../entities.js';
import { FIXTURE_CANCELLATIONS, FIXTURE_SHIPMENTS } from '../fixtures/shipments.js';
import { FIXTURE_PRODUCTS, FIXTURE_STOCK, FIXTURE_WAREHOUSES } from '../fixtures/stock.js';
import { FIXTURE_DISTANCES, FIXTURE_TARIFFS } from '../fixtures/tariffs.js';
import { FIXTURE_TENANT_SHIPMENTS, fixtureTenant } from '../fixtures/tenant-shipments.js';
import type { PostgresMigration } from '../../storage/index.js';
import { POSTGRES_DIALECT } from '../../storage/index.js';
import { DOMAIN_SCHEMA_V2, DOMAIN_SCHEMA_V3, domainSchemaV1 } from './domain-schema.js';

/** The domain component's PostgreSQL migrations, index + 1 = version; the same versions as SQLite's. */
export const POSTGRES_DOMAIN_MIGRATIONS: readonly PostgresMigration[] = [
  async (client) => {
    await client.query(domainSchemaV1(POSTGRES_DIALECT));
    await seedFixtures(client);
  },
  async (client) => {
    await client.query(DOMAIN_SCHEMA_V2);
    for (const s of FIXTURE_TENANT_SHIPMENTS) await insertShipment(client, s, fixtureTenant(s));
  },
  async (client) => {
    await client.query(DOMAIN_SCHEMA_V3);
  },
];

async function insertShipment(client: PoolClient, s: Shipment, tenant?: string): Promise<void> {
  const values = [s.trackingId, s.status, s.origin, s.destination, s.service, s.weightKg, s.paidUah, s.recipient.name, s.recipient.phone, s.delayReason ?? null, s.eta ?? null];
  if (tenant === undefined) {
    await client.query('INSERT INTO shipments VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)', values);
  } else {
    await client.query(
      `INSERT INTO shipments (tracking_id, status, origin, destination, service, weight_kg, paid_uah, recipient_name, recipient_phone, delay_reason, eta, tenant)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [...values, tenant],
    );
  }
  for (const e of s.history) {
    await client.query('INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES ($1, $2, $3, $4, $5)', [s.trackingId, e.at, e.status, e.location, e.note]);
  }
}

async function seedFixtures(client: PoolClient): Promise<void> {
  for (const s of FIXTURE_SHIPMENTS) await insertShipment(client, s);
  for (const c of FIXTURE_CANCELLATIONS) {
    await client.query(
      'INSERT INTO cancellations (cancellation_id, tracking_id, reason, refund_uah, idempotency_key, args_hash, cancelled_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [c.cancellationId, c.trackingId, c.reason, c.refundUah, c.idempotencyKey, c.argsHash, c.cancelledAt],
    );
  }
  for (const w of FIXTURE_WAREHOUSES) await client.query('INSERT INTO warehouses VALUES ($1, $2, $3)', [w.warehouseId, w.city, w.address]);
  for (const p of FIXTURE_PRODUCTS) await client.query('INSERT INTO products VALUES ($1, $2, $3)', [p.sku, p.name, p.category]);
  for (const s of FIXTURE_STOCK) await client.query('INSERT INTO stock VALUES ($1, $2, $3)', [s.sku, s.warehouseId, s.quantity]);
  for (const t of FIXTURE_TARIFFS) {
    await client.query('INSERT INTO tariffs VALUES ($1, $2, $3, $4, $5, $6)', [t.service, t.baseUah, t.perKgUah, t.perKmUah, t.maxWeightKg, t.insuranceRate]);
  }
  for (const [a, b, km] of FIXTURE_DISTANCES) {
    await client.query('INSERT INTO distances VALUES ($1, $2, $3), ($2, $1, $3)', [a, b, km]);
  }
}
