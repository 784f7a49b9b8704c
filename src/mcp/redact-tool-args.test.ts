import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../policy/control/idempotency-key.js';
import { redactToolArgs } from './redact-tool-args.js';

describe('redactToolArgs', () => {
  it('keeps every derived idempotency key as it is, whatever digits its hash holds', () => {
    // thread-q129's key once read as personal data and was redacted, so its cancellation failed.
    for (let i = 0; i < 2000; i += 1) {
      const args = { tracking_id: 'TTN-200016', reason: 'клієнт відмовився', refund_uah: i };
      const key = idempotencyKey(`thread-q${i}`, 'cancel_shipment', args);
      expect((redactToolArgs({ ...args, idempotency_key: key }) as { idempotency_key: string }).idempotency_key).toBe(key);
    }
  });

  it('redacts personal data in every other argument, and in a key that is not a derived one', () => {
    const redacted = redactToolArgs({ tracking_id: 'TTN-000004', reason: 'дзвоніть 067 123 45 67', refund_uah: 5, idempotency_key: 'call-0671234567' }) as Record<string, unknown>;
    expect(redacted).toMatchObject({ tracking_id: 'TTN-000004', refund_uah: 5 });
    expect(redacted.reason).toContain('[REDACTED:PHONE]');
    expect(redacted.idempotency_key).toContain('[REDACTED:PHONE]');
    // A derived shape whose thread part carries a phone is not opaque: redacted too.
    const leaky = redactToolArgs({ idempotency_key: '0671234567:cancel_shipment:0123456789abcdef01234567' }) as Record<string, unknown>;
    expect(leaky.idempotency_key).toContain('[REDACTED:PHONE]');
  });
});
