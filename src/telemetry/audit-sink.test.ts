import { describe, expect, it } from 'vitest';
import { fixedClock } from '../testing/fixed-clock.js';
import { auditEvent } from './audit-event.js';
import type { AuditSink } from './audit-sink.js';
import { MemoryAuditSink } from './audit-sink.js';

describe('MemoryAuditSink', () => {
  it('keeps events in order, hands out copies, and forgets them when drained', () => {
    const sink = new MemoryAuditSink();
    const asSink: AuditSink = sink;
    const clock = fixedClock();
    const common = { request_id: 'r', tenant: 't', run_id: 'run', agent: 'supervisor', parent: null, status: 'info' } as const;
    asSink.emit(auditEvent({ ...common, type: 'run.start' }, clock));
    asSink.emit(auditEvent({ ...common, type: 'run.end' }, clock));
    const seen = sink.events;
    expect(seen.map((e) => e.type)).toEqual(['run.start', 'run.end']);
    expect(sink.drain().map((e) => e.type)).toEqual(['run.start', 'run.end']);
    expect(sink.events).toEqual([]);
    expect(seen).toHaveLength(2);
  });
});
