import { publicThreadId } from './thread-key.js';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../mcp/stderr-logger.js';
import type { AuditEvent, RunRecord } from '../telemetry/index.js';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './sign-webhook.js';
import type { WebhookStore } from './webhook-store.js';

export interface ApprovalWebhooksOptions {
  store: WebhookStore;
  /** Base URL the links point at, e.g. `http://127.0.0.1:8787`; read per delivery (known after listen). */
  publicUrl: () => string;
  log: Logger;
  /** How long the links work. Default 24 h. */
  linkTtlMs?: number;
  /** Per attempt. Default 5 s; three attempts with a short back-off. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** What the tenant's URL receives when a run pauses for approval. */
export interface ApprovalWebhookPayload {
  type: 'approval.requested';
  /** One per delivery (the same across its retries): receivers refuse an id they have seen (WebhookVerifier). */
  delivery_id: string;
  tenant: string;
  approval_id: string;
  run_id: string;
  thread_id: string;
  request_id: string;
  pending: { agent: string; tool: string; args: Record<string, unknown> };
  answer: string;
  approve_url: string;
  reject_url: string;
  links_expire_at: string;
}

/**
 * When a run pauses, POSTs an HMAC-signed payload with one-time approve and reject links to the
 * tenant's configured URL. Delivery runs in the background so it never delays the run's response.
 */
export class ApprovalWebhooks {
  readonly #options: ApprovalWebhooksOptions;
  readonly #deliveries = new Set<Promise<void>>();

  constructor(options: ApprovalWebhooksOptions) {
    this.#options = options;
  }

  observe(record: RunRecord, _events: readonly AuditEvent[]): void {
    if (record.status !== 'awaiting_approval' || !record.pending) return;
    // The store is asynchronous (it may be PostgreSQL): the lookup and the links are part of the
    // background delivery, tracked like it so `idle()` waits for them too.
    const delivery = this.#prepareAndDeliver(record).catch((error: unknown) => {
      this.#options.log.error('approval webhook not sent: the webhook store failed', { run_id: record.run_id, error: error instanceof Error ? error.message : String(error) });
    });
    this.#deliveries.add(delivery);
    void delivery.finally(() => this.#deliveries.delete(delivery));
  }

  async #prepareAndDeliver(record: RunRecord): Promise<void> {
    if (!record.pending) return;
    const target = await this.#options.store.target(record.tenant);
    if (!target) return;
    const links = await this.#options.store.issueLinks({ runId: record.run_id, tenant: record.tenant, threadId: record.thread_id }, this.#options.linkTtlMs ?? 24 * 3600_000);
    const base = this.#options.publicUrl().replace(/\/+$/, '');
    const payload: ApprovalWebhookPayload = {
      type: 'approval.requested',
      delivery_id: `dlv_${randomUUID()}`,
      tenant: record.tenant,
      approval_id: record.run_id,
      run_id: record.run_id,
      thread_id: publicThreadId(record.thread_id),
      request_id: record.request_id,
      pending: record.pending,
      answer: record.answer,
      approve_url: `${base}/v1/links/${links.approve}`,
      reject_url: `${base}/v1/links/${links.reject}`,
      links_expire_at: links.expiresAt,
    };
    await this.#deliver(target.url, target.secret, payload);
  }

  /** Resolves when every delivery in progress has succeeded or given up. */
  async idle(): Promise<void> {
    while (this.#deliveries.size > 0) await Promise.allSettled([...this.#deliveries]);
  }

  async #deliver(url: string, secret: string, payload: ApprovalWebhookPayload): Promise<void> {
    const { fetch: send = fetch, timeoutMs = 5000, log, now = () => new Date() } = this.#options;
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const timestamp = String(Math.floor(now().getTime() / 1000));
      try {
        const response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return;
        log.warn('approval webhook refused', { url, status: response.status, attempt, run_id: payload.run_id });
      } catch (error) {
        log.warn('approval webhook failed', { url, attempt, run_id: payload.run_id, error: error instanceof Error ? error.message : String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    log.error('approval webhook gave up after 3 attempts; decide in the console or the API', { url, run_id: payload.run_id });
  }
}
