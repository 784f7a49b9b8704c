import { describe, expect, it } from 'vitest';
import type { AuditEvent } from './audit-event.js';
import { storedAuditEvents } from './stored-audit-events.js';

const event = (detail: string | undefined, type: AuditEvent['type'] = 'run.start'): AuditEvent => ({ ts: '2026-12-01T10:00:00.000Z', request_id: 'req-1', tenant: 'acme', run_id: 'run-1', agent: 'supervisor', parent: null, type, status: 'info', ...(detail !== undefined && { detail }) });

describe('storedAuditEvents', () => {
  it('redacts personal data in any detail, and only where it is', () => {
    const rows = storedAuditEvents([event('Де TTN-000001?'), event('дзвоніть +380671234567', 'tool.call'), event(undefined, 'run.end')]);
    expect(rows.map((row) => JSON.parse(row.event).detail)).toEqual(['Де TTN-000001?', 'дзвоніть [REDACTED:PHONE]', undefined]);
    expect(rows.map((row) => row.type)).toEqual(['run.start', 'tool.call', 'run.end']);
  });

  it('never reads two details as one text', () => {
    // A card split across two events is two harmless digit runs; joined without a break it would be a Luhn-valid card.
    const rows = storedAuditEvents([event('4111 1111'), event('1111 1111')]);
    expect(rows.map((row) => JSON.parse(row.event).detail)).toEqual(['4111 1111', '1111 1111']);
  });

  it('keeps the columns the stores index: run id, ISO time and type', () => {
    const [row] = storedAuditEvents([event('x')]);
    expect(row).toMatchObject({ run_id: 'run-1', ts: '2026-12-01T10:00:00.000Z', type: 'run.start' });
  });
});
