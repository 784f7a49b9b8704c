import { describe, expect, it } from 'vitest';
import type { RunProgress } from '../runtimes/index.js';
import { progressLine } from './progress-line.js';

const step = (fields: Partial<RunProgress> & Pick<RunProgress, 'type' | 'agent' | 'status'>): RunProgress => ({ run_id: 'run-1', thread_id: 't-1', tenant: 'acme', ts: '2026-12-01T00:00:00.000Z', ...fields });

describe('progressLine', () => {
  it('shows delegations, tool calls with their arguments, and the pause; leaves out model calls', () => {
    expect(progressLine(step({ type: 'delegation.start', agent: 'tracking_agent', status: 'info', task_id: 'd1', detail: 'Де TTN-000001?' }))).toBe('→ tracking_agent [d1]: Де TTN-000001?');
    expect(progressLine(step({ type: 'tool.call', agent: 'tracking_agent', status: 'ok', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, duration_ms: 3.4 }))).toBe('  · tracking_agent track_shipment {"tracking_id":"TTN-000001"} ok 3 ms');
    expect(progressLine(step({ type: 'delegation.result', agent: 'tracking_agent', status: 'error', task_id: 'd1' }))).toBe('← tracking_agent [d1]: failed');
    expect(progressLine(step({ type: 'approval.requested', agent: 'tracking_agent', status: 'pending', tool: 'cancel_shipment', args: { refund_uah: 500, tracking_id: 'TTN-000004' } }))).toBe('⏸ tracking_agent waits for approval of cancel_shipment {"refund_uah":500,"tracking_id":"TTN-000004"}');
    expect(progressLine(step({ type: 'model.call', agent: 'supervisor', status: 'ok' }))).toBeUndefined();
    expect(progressLine(step({ type: 'run.end', agent: 'supervisor', status: 'ok' }))).toBeUndefined();
  });
});
