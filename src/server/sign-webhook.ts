import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header names of a signed delivery. */
export const SIGNATURE_HEADER = 'x-waybill-signature';
export const TIMESTAMP_HEADER = 'x-waybill-timestamp';

/**
 * `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<body>`: binding the timestamp lets a receiver refuse
 * replays of an old delivery.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** Constant-time check of a delivery's signature, for receivers (and tests). */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type WebhookCheck = { ok: true; deliveryId: string } | { ok: false; reason: 'bad_signature' | 'stale' | 'replayed' | 'no_delivery_id' };

export interface WebhookVerifierOptions {
  secret: string;
  /** How far the signed timestamp may be from the receiver's clock, either way. Default 300 s. */
  toleranceSeconds?: number;
  now?: () => Date;
}

/**
 * A receiver's check of signed deliveries: the signature (constant time), the timestamp within the
 * tolerance, and the signed `delivery_id` not seen before within that window (a captured delivery
 * replayed later, or twice, is refused). Remembered ids are dropped once their timestamp is outside
 * the window, since such a delivery is refused as stale anyway.
 */
export class WebhookVerifier {
  readonly #secret: string;
  readonly #toleranceSeconds: number;
  readonly #now: () => Date;
  readonly #seen = new Map<string, number>();

  constructor(options: WebhookVerifierOptions) {
    this.#secret = options.secret;
    this.#toleranceSeconds = options.toleranceSeconds ?? 300;
    this.#now = options.now ?? (() => new Date());
  }

  verify(delivery: { timestamp: string; body: string; signature: string }): WebhookCheck {
    if (!verifyWebhook(this.#secret, delivery.timestamp, delivery.body, delivery.signature)) return { ok: false, reason: 'bad_signature' };
    const nowSeconds = Math.floor(this.#now().getTime() / 1000);
    const sent = Number(delivery.timestamp);
    if (!Number.isInteger(sent) || Math.abs(nowSeconds - sent) > this.#toleranceSeconds) return { ok: false, reason: 'stale' };
    const deliveryId = deliveryIdOf(delivery.body);
    if (deliveryId === undefined) return { ok: false, reason: 'no_delivery_id' };
    for (const [id, at] of this.#seen) if (Math.abs(nowSeconds - at) > this.#toleranceSeconds) this.#seen.delete(id);
    if (this.#seen.has(deliveryId)) return { ok: false, reason: 'replayed' };
    this.#seen.set(deliveryId, sent);
    return { ok: true, deliveryId };
  }
}

function deliveryIdOf(body: string): string | undefined {
  try {
    const value = (JSON.parse(body) as { delivery_id?: unknown }).delivery_id;
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}
