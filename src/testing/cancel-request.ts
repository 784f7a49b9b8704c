import { argsHash } from '../domain/args-hash.js';
import type { CancelRequest } from '../domain/store/domain-store.js';

/** The instant the domain store suites run at: requests are cancelled and approvals decided then. */
export const CANCEL_NOW = '2026-11-30T12:00:00.000Z';

/** A cancellation request whose args hash matches its arguments, as the MCP boundary builds it. */
export function cancelRequest(overrides: Partial<CancelRequest> & { trackingId?: string; refundUah?: number } = {}): CancelRequest {
  const trackingId = overrides.trackingId ?? 'TTN-000004';
  const refundUah = overrides.refundUah ?? 720;
  const args = { tracking_id: trackingId, reason: 'Клієнт відмовився', refund_uah: refundUah };
  return { trackingId, reason: args.reason, refundUah, idempotencyKey: `key-${trackingId}`, argsHash: argsHash(args), cancelledAt: CANCEL_NOW, ...overrides };
}
