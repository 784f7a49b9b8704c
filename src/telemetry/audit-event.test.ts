import { describe, expect, it } from 'vitest';
import { argsHash } from '../domain/index.js';
import { fixedClock } from '../testing/fixed-clock.js';
import type { AuditEventDraft, AuditEventFields } from './audit-event.js';
import { AUDIT_DETAIL_MAX, AuditEvent, auditEvent, stampAuditEvents } from './audit-event.js';

const base: AuditEventFields = { request_id: 'req-1', tenant: 'acme', run_id: 'run-1', agent: 'claims', parent: 'supervisor', type: 'tool.call', status: 'ok' };
const clock = fixedClock('2026-11-30T12:00:00.000Z');

describe('auditEvent', () => {
  it('stamps ts from the injected clock and makes a valid event', () => {
    const event = auditEvent({ ...base, tool: 'track_shipment', duration_ms: 14 }, clock);
    expect(event).toEqual({ ...base, ts: '2026-11-30T12:00:00.000Z', tool: 'track_shipment', duration_ms: 14 });
    expect(AuditEvent.safeParse(event).success).toBe(true);
  });

  it('hashes arguments the same way whatever the key order, and keeps only the hash', () => {
    const a = auditEvent({ ...base, tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720, meta: { b: 1, a: 2 } } }, clock);
    const b = auditEvent({ ...base, tool: 'cancel_shipment', args: { meta: { a: 2, b: 1 }, refund_uah: 720, tracking_id: 'TTN-000004' } }, clock);
    expect(a.args_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.args_hash).toBe(b.args_hash);
    expect(a.args_hash).toBe(argsHash({ tracking_id: 'TTN-000004', refund_uah: 720, meta: { a: 2, b: 1 } }));
    expect(a).not.toHaveProperty('args');
    expect(a).not.toHaveProperty('detail');
    expect(JSON.stringify(a)).not.toContain('TTN-000004');
  });

  it('does not put arguments into detail for approval.requested', () => {
    const event = auditEvent({ ...base, type: 'approval.requested', status: 'pending', args: { tracking_id: 'TTN-000004' } }, clock);
    expect(JSON.stringify(event)).not.toContain('TTN-000004');
  });

  it('records the exact decided arguments as canonical JSON for approval.decided, with the caller detail after', () => {
    const event = auditEvent(
      { ...base, type: 'approval.decided', status: 'ok', tool: 'cancel_shipment', args: { refund_uah: 500, tracking_id: 'TTN-000004' }, detail: 'edit by operator@acme' },
      clock,
    );
    expect(event.detail).toBe('{"refund_uah":500,"tracking_id":"TTN-000004"}\nedit by operator@acme');
    expect(event.args_hash).toBe(argsHash({ tracking_id: 'TTN-000004', refund_uah: 500 }));
    expect(auditEvent({ ...base, type: 'approval.decided', status: 'ok', args: { b: 1, a: 'x' } }, clock).detail).toBe('{"a":"x","b":1}');
  });

  it('truncates a long detail to the limit, ending with an ellipsis and never splitting a surrogate pair', () => {
    const long = auditEvent({ ...base, detail: 'x'.repeat(5000) }, clock);
    expect(long.detail).toHaveLength(AUDIT_DETAIL_MAX);
    expect(long.detail?.endsWith('x…')).toBe(true);
    expect(AuditEvent.safeParse(long).success).toBe(true);
    const emoji = auditEvent({ ...base, detail: `${'x'.repeat(AUDIT_DETAIL_MAX - 2)}📦📦` }, clock);
    expect(emoji.detail?.endsWith('x…')).toBe(true);
    expect(auditEvent({ ...base, detail: 'y'.repeat(AUDIT_DETAIL_MAX) }, clock).detail).toBe('y'.repeat(AUDIT_DETAIL_MAX));
  });

  it('the schema rejects an unknown type, an unknown status and an over-long detail', () => {
    const event = auditEvent(base, clock);
    expect(AuditEvent.safeParse({ ...event, type: 'tool.start' }).success).toBe(false);
    expect(AuditEvent.safeParse({ ...event, status: 'fine' }).success).toBe(false);
    expect(AuditEvent.safeParse({ ...event, detail: 'z'.repeat(AUDIT_DETAIL_MAX + 1) }).success).toBe(false);
    expect(AuditEvent.safeParse({ ...event, args_hash: 'abc' }).success).toBe(false);
  });
});

describe('stampAuditEvents', () => {
  it('stamps each draft with the run identity only, however much of the record the caller passes', () => {
    const record = { run_id: 'run-1', request_id: 'req-1', tenant: 'acme', answer: 'TTN-000001 is in transit', tool_calls: [{ tool: 'track_shipment', args: { tracking_id: 'TTN-000001' } }], subtasks: [] };
    const [event] = stampAuditEvents([{ agent: 'tracking_agent', type: 'tool.call', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, status: 'ok' }], record, fixedClock('2026-12-01T10:00:00.000Z'));
    expect(Object.keys(event ?? {}).sort()).toEqual(['agent', 'args_hash', 'parent', 'request_id', 'run_id', 'status', 'tenant', 'tool', 'ts', 'type']);
    expect(event).toMatchObject({ run_id: 'run-1', request_id: 'req-1', tenant: 'acme', parent: 'supervisor' });
    expect(JSON.stringify(event)).not.toContain('TTN-000001');
  });
});

describe('stampAuditEvents, one pass', () => {
  it('writes every event as auditEvent over the identity, the draft and its parent would, key order included', () => {
    // In the order the earlier stampAuditEvents spread it.
    const identity = { request_id: 'req-1', tenant: 'acme', run_id: 'run-1' };
    const at = new Date('2026-12-01T10:00:00.000Z');
    const drafts: AuditEventDraft[] = [
      { agent: 'supervisor', type: 'run.start', status: 'info' },
      { agent: 'tracking_agent', type: 'tool.call', tool: 'track_shipment', args: { tracking_id: 'TTN-000001', b: [1, { z: 2, a: 3 }] }, status: 'ok', duration_ms: 4 },
      { status: 'denied', detail: 'x'.repeat(AUDIT_DETAIL_MAX + 50), type: 'policy.deny', agent: 'tracking_agent', parent: null, task_id: 'd1' },
      { agent: 'tracking_agent', parent: 'router', type: 'approval.decided', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000002' }, status: 'ok', detail: 'by ops' },
      { agent: 'tracking_agent', type: 'approval.decided', args: { tracking_id: 'TTN-000003' }, status: 'ok' },
      { agent: 'stock_agent', type: 'delegation.start', status: 'info', tool: undefined, detail: '' },
    ];
    const expected = drafts.map(({ parent, ...draft }) => auditEvent({ ...identity, ...draft, parent: parent ?? (draft.agent === 'supervisor' ? null : 'supervisor') }, () => at));
    const stamped = stampAuditEvents(drafts, { run_id: 'run-1', tenant: 'acme', request_id: 'req-1' }, () => at);
    expect(stamped.map((event) => JSON.stringify(event))).toEqual(expected.map((event) => JSON.stringify(event)));
    expect(stamped.map((event) => Object.keys(event))).toEqual(expected.map((event) => Object.keys(event)));
  });
});
