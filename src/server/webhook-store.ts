import type Database from 'better-sqlite3';
import type { Migration } from '../domain/index.js';
import { openSqliteDatabase } from '../domain/index.js';
import { hashSecret, newSecret } from './hash-secret.js';

/**
 * Changelog: 1 — one webhook per tenant (the HMAC secret is kept as is: signing needs it) and one-time
 * decision links, stored as SHA-256 of the token, grouped by the paused run they decide.
 */
const WEBHOOK_MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE webhook_targets (tenant TEXT PRIMARY KEY, url TEXT NOT NULL, secret TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE webhook_links (
        token_hash TEXT PRIMARY KEY,
        run_id TEXT NOT NULL,
        tenant TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX webhook_links_run ON webhook_links (run_id);
    `),
];

export interface WebhookTarget {
  url: string;
  secret: string;
}

export type LinkDecision = 'approve' | 'reject';

/** What a one-time link decides, once redeemed. */
export interface RedeemedLink {
  runId: string;
  tenant: string;
  threadId: string;
  decision: LinkDecision;
}

export type LinkLookup = { found: false } | { found: true; usable: boolean; link: RedeemedLink };

/** Webhook targets and one-time approve/reject links in the shared SQLite file. */
export class SqliteWebhookStore {
  readonly #db: Database.Database;
  readonly #now: () => Date;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  static open(path: string, now?: () => Date): SqliteWebhookStore {
    return new SqliteWebhookStore(openSqliteDatabase(path, 'webhooks', WEBHOOK_MIGRATIONS), now);
  }

  /** Sets the tenant's URL; a new secret is made unless one is given. Returns the target (secret included). */
  setTarget(tenant: string, url: string, secret?: string): WebhookTarget {
    const target = { url, secret: secret ?? newSecret('whsec_') };
    this.#db
      .prepare('INSERT INTO webhook_targets (tenant, url, secret, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(tenant) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at')
      .run(tenant, target.url, target.secret, this.#now().toISOString());
    return target;
  }

  target(tenant: string): WebhookTarget | undefined {
    return this.#db.prepare('SELECT url, secret FROM webhook_targets WHERE tenant = ?').get(tenant) as WebhookTarget | undefined;
  }

  removeTarget(tenant: string): boolean {
    return this.#db.prepare('DELETE FROM webhook_targets WHERE tenant = ?').run(tenant).changes === 1;
  }

  /** Makes an approve and a reject token for one paused run; both die when either is used. */
  issueLinks(link: Omit<RedeemedLink, 'decision'>, ttlMs: number): { approve: string; reject: string; expiresAt: string } {
    const expiresAt = new Date(this.#now().getTime() + ttlMs).toISOString();
    const tokens = { approve: newSecret(''), reject: newSecret('') };
    const insert = this.#db.prepare('INSERT INTO webhook_links (token_hash, run_id, tenant, thread_id, decision, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.#db.transaction(() => {
      for (const decision of ['approve', 'reject'] as const) insert.run(hashSecret(tokens[decision]), link.runId, link.tenant, link.threadId, decision, expiresAt);
    })();
    return { ...tokens, expiresAt };
  }

  /** Looks a token up without using it (for the confirmation page). */
  peek(token: string): LinkLookup {
    const row = this.#row(token);
    if (!row) return { found: false };
    return { found: true, usable: row.used_at === null && row.expires_at > this.#now().toISOString(), link: toLink(row) };
  }

  /**
   * Uses a token: exactly one caller gets `usable: true`, and its sibling link is spent with it, because
   * the update is a compare-and-set in one transaction.
   */
  redeem(token: string): LinkLookup {
    const now = this.#now().toISOString();
    return this.#db
      .transaction((): LinkLookup => {
        const row = this.#row(token);
        if (!row) return { found: false };
        if (row.used_at !== null || row.expires_at <= now) return { found: true, usable: false, link: toLink(row) };
        const spent = this.#db.prepare('UPDATE webhook_links SET used_at = ? WHERE run_id = ? AND used_at IS NULL').run(now, row.run_id);
        return { found: true, usable: spent.changes > 0, link: toLink(row) };
      })
      .immediate();
  }

  #row(token: string): LinkRow | undefined {
    return this.#db.prepare('SELECT run_id, tenant, thread_id, decision, expires_at, used_at FROM webhook_links WHERE token_hash = ?').get(hashSecret(token)) as LinkRow | undefined;
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}

interface LinkRow {
  run_id: string;
  tenant: string;
  thread_id: string;
  decision: string;
  expires_at: string;
  used_at: string | null;
}

const toLink = (row: LinkRow): RedeemedLink => ({ runId: row.run_id, tenant: row.tenant, threadId: row.thread_id, decision: row.decision === 'reject' ? 'reject' : 'approve' });
