import type { SqlDialect } from '../storage/index.js';

/**
 * The `webhooks` component's tables, version 1 — one webhook per tenant (the HMAC secret is kept as
 * is: signing needs it) and one-time decision links, stored as SHA-256 of the token, grouped by the
 * paused run they decide.
 */
export const webhookSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE webhook_targets (tenant TEXT PRIMARY KEY, url TEXT NOT NULL, secret TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE webhook_links (
        token_hash TEXT PRIMARY KEY,
        run_id TEXT NOT NULL,
        tenant TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT${d.insertionOrder}
      );
      CREATE INDEX webhook_links_run ON webhook_links (run_id);
    `;
