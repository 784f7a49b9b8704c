import type { RunRecord } from './run-record.js';

/**
 * A realistic finished run record (a cancellation that a human approved), for tests. Overrides are
 * shallow; keep `status` and `stop_reason` consistent when overriding either.
 */
export function sampleRunRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    run_id: 'run-0001',
    request_id: 'req-0001',
    tenant: 'acme',
    thread_id: 'thread-0001',
    runtime: 'langgraph',
    status: 'finished',
    stop_reason: 'finish',
    answer: 'Відправлення TTN-000004 скасовано, повернення 720 грн.',
    steps: 4,
    tool_calls: [
      { agent: 'tracking', tool: 'track_shipment', args: { tracking_id: 'TTN-000004' }, status: 'ok', duration_ms: 12.5 },
      { agent: 'claims', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 }, status: 'ok', duration_ms: 31 },
    ],
    usage: { prompt_tokens: 1830, completion_tokens: 212, usd: 0.005356 },
    started_at: '2026-11-30T12:00:00.000Z',
    duration_ms: 5400,
    approval: {
      decision: 'approve',
      by: 'operator@acme',
      at: '2026-11-30T12:00:04.000Z',
      args: { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 },
    },
    ...overrides,
  };
}
