import { describe, expect, it } from 'vitest';
import { redactRequest } from './redact-request.js';
import { redactToolResult } from './redact-tool-result.js';

describe('redactRequest', () => {
  it('redacts the input, keeps the rest of the request and counts what it found', () => {
    const request = { input: 'Скасуй TTN-000004, мій телефон 067 123 45 67, пошта a.b (at) c (dot) ua', threadId: 't1' };
    const result = redactRequest(request);
    expect(result.request).toEqual({ input: 'Скасуй TTN-000004, мій телефон [REDACTED:PHONE], пошта [REDACTED:EMAIL]', threadId: 't1' });
    expect(result).toMatchObject({ counts: { PHONE: 1, EMAIL: 1 }, total: 2 });
  });

  it('returns the same request when there is nothing to redact', () => {
    const request = { input: 'Де TTN-000001?' };
    expect(redactRequest(request).request).toBe(request);
  });
});

describe('redactToolResult', () => {
  const result = '{"tracking_id":"TTN-000001","recipient_phone":"+380671234567","status":"in_transit"}';

  it('redacts a recipient phone for a role without a grant, keeping the JSON valid', () => {
    const redacted = redactToolResult('tracking_agent', 'track_shipment', result);
    expect(JSON.parse(redacted)).toEqual({ tracking_id: 'TTN-000001', recipient_phone: '[REDACTED:PHONE]', status: 'in_transit' });
  });

  it('keeps the types a role is granted for that tool, and only for that tool', () => {
    const grants = { tracking_agent: { track_shipment: ['PHONE' as const] } };
    expect(redactToolResult('tracking_agent', 'track_shipment', result, grants)).toBe(result);
    expect(redactToolResult('tracking_agent', 'cancel_shipment', result, grants)).toContain('[REDACTED:PHONE]');
    expect(redactToolResult('pricing_agent', 'track_shipment', result, grants)).toContain('[REDACTED:PHONE]');
  });
});
