import type { PostgresMigration } from '../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, withTransaction } from '../storage/index.js';
import { hashSecret, newSecret } from './hash-secret.js';
import { webhookSchemaV1 } from './webhook-schema.js';
import type { LinkLookup, LinkRow, RedeemedLink, StoredWebhooks, WebhookStore, WebhookTarget } from './webhook-store.js';
import { toLink } from './webhook-store.js';

/** The same version and tables as SQLite's `webhooks` component (1 — targets and one-time links). */
const POSTGRES_WEBHOOK_MIGRATIONS: readonly PostgresMigration[] = [webhookSchemaV1(POSTGRES_DIALECT)];

const LINK_COLUMNS = 'run_id, tenant, thread_id, decision, expires_at, used_at';

/** Webhook targets and one-time links in PostgreSQL (component `webhooks`), shared by every server process. */
export class PostgresWebhookStore extends PostgresStore implements WebhookStore {
  /** Connects to `url` and migrates the `webhooks` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresWebhookStore> {
    return new PostgresWebhookStore(await openPostgresPool(url, 'webhooks', POSTGRES_WEBHOOK_MIGRATIONS), now);
  }

  async setTarget(tenant: string, url: string, secret?: string): Promise<WebhookTarget> {
    const target = { url, secret: secret ?? newSecret('whsec_') };
    await this.pool.query(
      `INSERT INTO webhook_targets (tenant, url, secret, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at`,
      [tenant, target.url, target.secret, this.now().toISOString()],
    );
    return target;
  }

  async target(tenant: string): Promise<WebhookTarget | undefined> {
    return (await this.pool.query<WebhookTarget>('SELECT url, secret FROM webhook_targets WHERE tenant = $1', [tenant])).rows[0];
  }

  async removeTarget(tenant: string): Promise<boolean> {
    return (await this.pool.query('DELETE FROM webhook_targets WHERE tenant = $1', [tenant])).rowCount === 1;
  }

  async issueLinks(link: Omit<RedeemedLink, 'decision'>, ttlMs: number): Promise<{ approve: string; reject: string; expiresAt: string }> {
    const expiresAt = new Date(this.now().getTime() + ttlMs).toISOString();
    const tokens = { approve: newSecret(''), reject: newSecret('') };
    await this.pool.query(
      'INSERT INTO webhook_links (token_hash, run_id, tenant, thread_id, decision, expires_at) VALUES ($1, $3, $4, $5, \'approve\', $6), ($2, $3, $4, $5, \'reject\', $6)',
      [hashSecret(tokens.approve), hashSecret(tokens.reject), link.runId, link.tenant, link.threadId, expiresAt],
    );
    return { ...tokens, expiresAt };
  }

  async peek(token: string): Promise<LinkLookup> {
    const row = (await this.pool.query<LinkRow>(`SELECT ${LINK_COLUMNS} FROM webhook_links WHERE token_hash = $1`, [hashSecret(token)])).rows[0];
    if (!row) return { found: false };
    return { found: true, usable: row.used_at === null && row.expires_at > this.now().toISOString(), link: toLink(row) };
  }

  /**
   * Every link of the token's run is locked (`FOR UPDATE`, in one order, so two redeemers of sibling
   * links queue rather than deadlock) and spent by a conditional UPDATE in the same transaction: a
   * concurrent redeemer waits for the locks, then reads `used_at` set.
   */
  async redeem(token: string): Promise<LinkLookup> {
    const now = this.now().toISOString();
    const hash = hashSecret(token);
    return withTransaction(this.pool, async (client): Promise<LinkLookup> => {
      const runId = (await client.query<{ run_id: string }>('SELECT run_id FROM webhook_links WHERE token_hash = $1', [hash])).rows[0]?.run_id;
      if (runId === undefined) return { found: false };
      const siblings = await client.query<LinkRow & { token_hash: string }>(
        `SELECT token_hash, ${LINK_COLUMNS} FROM webhook_links WHERE run_id = $1 ORDER BY token_hash FOR UPDATE`,
        [runId],
      );
      const row = siblings.rows.find((r) => r.token_hash === hash);
      if (!row) return { found: false };
      if (row.used_at !== null || row.expires_at <= now) return { found: true, usable: false, link: toLink(row) };
      const spent = await client.query('UPDATE webhook_links SET used_at = $1 WHERE run_id = $2 AND used_at IS NULL', [now, runId]);
      return { found: true, usable: (spent.rowCount ?? 0) > 0, link: toLink(row) };
    });
  }

  async exportAll(): Promise<StoredWebhooks> {
    const targets = await this.pool.query<StoredWebhooks['targets'][number]>('SELECT tenant, url, secret, updated_at AS "updatedAt" FROM webhook_targets ORDER BY tenant');
    const links = await this.pool.query<StoredWebhooks['links'][number]>(
      'SELECT token_hash AS "tokenHash", run_id AS "runId", tenant, thread_id AS "threadId", decision, expires_at AS "expiresAt", used_at AS "usedAt" FROM webhook_links ORDER BY seq',
    );
    return { targets: targets.rows, links: links.rows };
  }

  async importAll(rows: StoredWebhooks): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      for (const t of rows.targets) {
        await client.query('INSERT INTO webhook_targets (tenant, url, secret, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant) DO NOTHING', [t.tenant, t.url, t.secret, t.updatedAt]);
      }
      for (const l of rows.links) {
        await client.query(
          'INSERT INTO webhook_links (token_hash, run_id, tenant, thread_id, decision, expires_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (token_hash) DO NOTHING',
          [l.tokenHash, l.runId, l.tenant, l.threadId, l.decision, l.expiresAt, l.usedAt],
        );
      }
    });
  }
}
