import type { Migration } from '../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../storage/index.js';
import { hashSecret, newSecret } from './hash-secret.js';
import { webhookSchemaV1 } from './webhook-schema.js';
import type { LinkLookup, LinkRow, RedeemedLink, StoredWebhooks, WebhookStore, WebhookTarget } from './webhook-store.js';
import { toLink } from './webhook-store.js';

/** Changelog: 1 — targets and one-time links (webhook-schema.ts). */
const WEBHOOK_MIGRATIONS: readonly Migration[] = [(db) => db.exec(webhookSchemaV1(SQLITE_DIALECT))];

/** Webhook targets and one-time approve/reject links in the shared SQLite file (component `webhooks`). */
export class SqliteWebhookStore extends SqliteStore implements WebhookStore {
  static open(path: string, now?: () => Date): SqliteWebhookStore {
    return new SqliteWebhookStore(openSqliteDatabase(path, 'webhooks', WEBHOOK_MIGRATIONS), now);
  }

  async setTarget(tenant: string, url: string, secret?: string): Promise<WebhookTarget> {
    const target = { url, secret: secret ?? newSecret('whsec_') };
    this.db
      .prepare('INSERT INTO webhook_targets (tenant, url, secret, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(tenant) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at')
      .run(tenant, target.url, target.secret, this.now().toISOString());
    return target;
  }

  async target(tenant: string): Promise<WebhookTarget | undefined> {
    return this.db.prepare('SELECT url, secret FROM webhook_targets WHERE tenant = ?').get(tenant) as WebhookTarget | undefined;
  }

  async removeTarget(tenant: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM webhook_targets WHERE tenant = ?').run(tenant).changes === 1;
  }

  async issueLinks(link: Omit<RedeemedLink, 'decision'>, ttlMs: number): Promise<{ approve: string; reject: string; expiresAt: string }> {
    const expiresAt = new Date(this.now().getTime() + ttlMs).toISOString();
    const tokens = { approve: newSecret(''), reject: newSecret('') };
    const insert = this.db.prepare('INSERT INTO webhook_links (token_hash, run_id, tenant, thread_id, decision, expires_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const decision of ['approve', 'reject'] as const) insert.run(hashSecret(tokens[decision]), link.runId, link.tenant, link.threadId, decision, expiresAt);
    })();
    return { ...tokens, expiresAt };
  }

  async peek(token: string): Promise<LinkLookup> {
    const row = this.#row(token);
    if (!row) return { found: false };
    return { found: true, usable: row.used_at === null && row.expires_at > this.now().toISOString(), link: toLink(row) };
  }

  /** A compare-and-set in one IMMEDIATE transaction, so one writer at a time decides. */
  async redeem(token: string): Promise<LinkLookup> {
    const now = this.now().toISOString();
    return this.db
      .transaction((): LinkLookup => {
        const row = this.#row(token);
        if (!row) return { found: false };
        if (row.used_at !== null || row.expires_at <= now) return { found: true, usable: false, link: toLink(row) };
        const spent = this.db.prepare('UPDATE webhook_links SET used_at = ? WHERE run_id = ? AND used_at IS NULL').run(now, row.run_id);
        return { found: true, usable: spent.changes > 0, link: toLink(row) };
      })
      .immediate();
  }

  #row(token: string): LinkRow | undefined {
    return this.db.prepare('SELECT run_id, tenant, thread_id, decision, expires_at, used_at FROM webhook_links WHERE token_hash = ?').get(hashSecret(token)) as LinkRow | undefined;
  }

  async exportAll(): Promise<StoredWebhooks> {
    return {
      targets: this.db.prepare('SELECT tenant, url, secret, updated_at AS updatedAt FROM webhook_targets ORDER BY tenant').all() as StoredWebhooks['targets'],
      links: this.db
        .prepare('SELECT token_hash AS tokenHash, run_id AS runId, tenant, thread_id AS threadId, decision, expires_at AS expiresAt, used_at AS usedAt FROM webhook_links ORDER BY rowid')
        .all() as StoredWebhooks['links'],
    };
  }

  async importAll(rows: StoredWebhooks): Promise<void> {
    const target = this.db.prepare('INSERT INTO webhook_targets (tenant, url, secret, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant) DO NOTHING');
    const link = this.db.prepare(
      'INSERT INTO webhook_links (token_hash, run_id, tenant, thread_id, decision, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (token_hash) DO NOTHING',
    );
    this.db.transaction(() => {
      for (const t of rows.targets) target.run(t.tenant, t.url, t.secret, t.updatedAt);
      for (const l of rows.links) link.run(l.tokenHash, l.runId, l.tenant, l.threadId, l.decision, l.expiresAt, l.usedAt);
    })();
  }
}
