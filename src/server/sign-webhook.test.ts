import { describe, expect, it } from 'vitest';
import { signWebhook, WebhookVerifier } from './sign-webhook.js';

const secret = 'whsec_test';
const body = JSON.stringify({ type: 'approval.requested', delivery_id: 'dlv_1', approval_id: 'apr_1' });
const at = (iso: string) => String(Math.floor(new Date(iso).getTime() / 1000));

describe('WebhookVerifier', () => {
  it('accepts a fresh signed delivery once, and refuses its replay', () => {
    const verifier = new WebhookVerifier({ secret, now: () => new Date('2026-11-30T12:00:00Z') });
    const timestamp = at('2026-11-30T11:59:30Z');
    const signature = signWebhook(secret, timestamp, body);
    expect(verifier.verify({ timestamp, body, signature })).toEqual({ ok: true, deliveryId: 'dlv_1' });
    expect(verifier.verify({ timestamp, body, signature })).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses a timestamp outside the tolerance, either way, and a bad signature', () => {
    const verifier = new WebhookVerifier({ secret, toleranceSeconds: 300, now: () => new Date('2026-11-30T12:00:00Z') });
    for (const iso of ['2026-11-30T11:54:59Z', '2026-11-30T12:05:01Z']) {
      const timestamp = at(iso);
      expect(verifier.verify({ timestamp, body, signature: signWebhook(secret, timestamp, body) })).toEqual({ ok: false, reason: 'stale' });
    }
    const timestamp = at('2026-11-30T12:00:00Z');
    expect(verifier.verify({ timestamp, body, signature: signWebhook('whsec_other', timestamp, body) })).toEqual({ ok: false, reason: 'bad_signature' });
    // A signature over another timestamp does not transfer.
    expect(verifier.verify({ timestamp: at('2026-11-30T12:00:01Z'), body, signature: signWebhook(secret, timestamp, body) })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a delivery without a delivery id', () => {
    const verifier = new WebhookVerifier({ secret, now: () => new Date('2026-11-30T12:00:00Z') });
    const timestamp = at('2026-11-30T12:00:00Z');
    const bare = JSON.stringify({ type: 'approval.requested' });
    expect(verifier.verify({ timestamp, body: bare, signature: signWebhook(secret, timestamp, bare) })).toEqual({ ok: false, reason: 'no_delivery_id' });
  });
});
