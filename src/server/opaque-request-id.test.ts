import { describe, expect, it } from 'vitest';
import { openTestServer } from './server-test-kit.js';
import { opaqueRequestId } from './opaque-request-id.js';

describe('the request id', () => {
  it('keeps an opaque X-Request-Id and drops one that is malformed or holds personal data', () => {
    expect(opaqueRequestId('trace-abc-123')).toBe('trace-abc-123');
    expect(opaqueRequestId('9a1c1a0e-58f4-4d3f-9b7c-1f7c0e0f4a2b')).toBe('9a1c1a0e-58f4-4d3f-9b7c-1f7c0e0f4a2b');
    for (const given of [undefined, '', '380954312786', '0954312786', 'a b', 'x'.repeat(129)]) expect(opaqueRequestId(given)).toBeUndefined();
  });

  it('is replaced in the answer when the caller sent a phone number, and echoed when opaque', async () => {
    const server = await openTestServer();
    try {
      const phone = await server.call('GET', '/healthz', { headers: { 'x-request-id': '380954312786' } });
      expect(phone.headers.get('x-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);
      const opaque = await server.call('GET', '/healthz', { headers: { 'x-request-id': 'trace-abc-123' } });
      expect(opaque.headers.get('x-request-id')).toBe('trace-abc-123');
    } finally {
      await server.close();
    }
  });
});
