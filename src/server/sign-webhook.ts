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
