import type { SqlDialect } from '../../storage/index.js';

// Column for column the same on both backends, so `waybill db copy` moves rows unchanged: times stay
// ISO-8601 TEXT (they compare as times), JSON stays TEXT (hashes are over canonical JSON).

/** Version 1 — shipments with history, warehouses, products, stock, tariffs, distances, cancellations. */
export const domainSchemaV1 = (d: SqlDialect): string => `
    CREATE TABLE shipments (
      tracking_id TEXT PRIMARY KEY,
      status TEXT NOT NULL,
      origin TEXT NOT NULL,
      destination TEXT NOT NULL,
      service TEXT NOT NULL,
      weight_kg ${d.double} NOT NULL,
      paid_uah ${d.double} NOT NULL,
      recipient_name TEXT NOT NULL,
      recipient_phone TEXT NOT NULL,
      delay_reason TEXT,
      eta TEXT
    );
    CREATE TABLE shipment_events (
      id ${d.serialKey},
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
      base_uah ${d.double} NOT NULL,
      per_kg_uah ${d.double} NOT NULL,
      per_km_uah ${d.double} NOT NULL,
      max_weight_kg ${d.double} NOT NULL,
      insurance_rate ${d.double} NOT NULL
    );
    CREATE TABLE distances (city_from TEXT NOT NULL, city_to TEXT NOT NULL, km ${d.double} NOT NULL, PRIMARY KEY (city_from, city_to));
    CREATE TABLE cancellations (
      seq ${d.serialKey},
      cancellation_id TEXT NOT NULL UNIQUE,
      tracking_id TEXT NOT NULL UNIQUE REFERENCES shipments(tracking_id),
      reason TEXT NOT NULL,
      refund_uah ${d.double} NOT NULL,
      idempotency_key TEXT NOT NULL UNIQUE,
      args_hash TEXT NOT NULL,
      cancelled_at TEXT NOT NULL
    );
  `;

// Tenancy, approvals and grants, and the boundary's hash-chained audit trail. Existing shipments and
// cancellations belong to the default tenant (the one local callers act as).
export const DOMAIN_SCHEMA_V2 = `
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
 * Version 3 — the key that signed each audit chain entry (format 2; null on the unkeyed format-1
 * entries before it), and the head row's HMAC with its key.
 */
export const DOMAIN_SCHEMA_V3 = `
    ALTER TABLE audit_chain ADD COLUMN key_id TEXT;
    ALTER TABLE audit_chain_head ADD COLUMN key_id TEXT;
    ALTER TABLE audit_chain_head ADD COLUMN mac TEXT;
  `;
