export interface WebhookTarget {
  url: string;
  secret: string;
}

type LinkDecision = 'approve' | 'reject';

/** What a one-time link decides, once redeemed. */
export interface RedeemedLink {
  runId: string;
  tenant: string;
  threadId: string;
  decision: LinkDecision;
}

export type LinkLookup = { found: false } | { found: true; usable: boolean; link: RedeemedLink };

/** Every row of the store as it is kept (token hashes, never tokens), for `waybill db copy`. */
export interface StoredWebhooks {
  targets: Array<{ tenant: string; url: string; secret: string; updatedAt: string }>;
  links: Array<{ tokenHash: string; runId: string; tenant: string; threadId: string; decision: string; expiresAt: string; usedAt: string | null }>;
}

/**
 * Webhook targets (one per tenant; the HMAC secret is kept as is because signing needs it) and one-time
 * approve/reject links, stored as SHA-256 of the token. SQLite (the embedded default) and PostgreSQL
 * implement it; `openWebhookStore` picks one by database location.
 */
export interface WebhookStore {
  /** Sets the tenant's URL; a new secret is made unless one is given. Returns the target (secret included). */
  setTarget(tenant: string, url: string, secret?: string): Promise<WebhookTarget>;
  target(tenant: string): Promise<WebhookTarget | undefined>;
  removeTarget(tenant: string): Promise<boolean>;
  /** Makes an approve and a reject token for one paused run; both die when either is used. */
  issueLinks(link: Omit<RedeemedLink, 'decision'>, ttlMs: number): Promise<{ approve: string; reject: string; expiresAt: string }>;
  /** Looks a token up without using it (for the confirmation page). */
  peek(token: string): Promise<LinkLookup>;
  /**
   * Uses a token: of any number of concurrent callers, on any connection, exactly one gets
   * `usable: true`, and the sibling link is spent with it.
   */
  redeem(token: string): Promise<LinkLookup>;
  exportAll(): Promise<StoredWebhooks>;
  /** Writes rows as they are; a tenant's target or a token hash already present is left alone. */
  importAll(rows: StoredWebhooks): Promise<void>;
  close(): Promise<void>;
}

/** A stored link row as the stores read it. */
export interface LinkRow {
  run_id: string;
  tenant: string;
  thread_id: string;
  decision: string;
  expires_at: string;
  used_at: string | null;
}

export const toLink = (row: LinkRow): RedeemedLink => ({ runId: row.run_id, tenant: row.tenant, threadId: row.thread_id, decision: row.decision === 'reject' ? 'reject' : 'approve' });
