import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../telemetry/index.js';
import type { DomainSnapshot } from './domain-snapshot.js';
import { GoldenTask } from './golden-task.js';
import { gradeGoldenTrial } from './grade-golden-trial.js';

const record = (over: Partial<RunRecord>): RunRecord => ({
  run_id: 'run-1',
  request_id: 'req-1',
  tenant: 'default',
  thread_id: 't',
  runtime: 'langgraph',
  status: 'finished',
  stop_reason: 'finish',
  answer: '',
  steps: 1,
  tool_calls: [],
  usage: { prompt_tokens: 1, completion_tokens: 1, usd: 0 },
  started_at: '2026-11-30T00:00:00.000Z',
  duration_ms: 1,
  ...over,
});
const state = (extra: DomainSnapshot['shipments'] = {}, cancellations = 1): DomainSnapshot => ({
  shipments: { 'TTN-000004': { status: 'created' }, 'TTN-000006': { status: 'cancelled', cancellation: { cancellation_id: 'CNL-000001', refund_uah: 150 } }, ...extra },
  cancellations,
});
const cancelTask = GoldenTask.parse({
  id: 'cancel',
  lang: 'uk',
  scope: 'offline',
  category: 'cancellation',
  request: 'Скасуй TTN-000004, поверни 720 грн',
  expect: {
    stop_reason: 'finish',
    approval: { pending: { tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 } }, decision: { type: 'approve' } },
    new_cancellations: [{ tracking_id: 'TTN-000004', refund_uah: 720 }],
    required_calls: [{ tool: 'cancel_shipment', status: 'ok', args: { tracking_id: 'TTN-000004' } }],
    forbidden_calls: [{ tool: 'cancel_shipment', status: 'ok', args: { tracking_id: 'TTN-000006' } }],
    answer_contains: ['TTN-000004', '720'],
  },
});
const call = (status: 'ok' | 'pending', tracking_id = 'TTN-000004', refund_uah = 720) => ({ agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id, reason: 'x', refund_uah }, status, duration_ms: 1 });
const paused = record({ status: 'awaiting_approval', stop_reason: 'awaiting_approval', tool_calls: [call('pending')], pending: { agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'x', refund_uah: 720 } } });
const done = record({ answer: 'TTN-000004 скасовано, повернення 720 грн', tool_calls: [call('ok')] });
const cancelled = state({ 'TTN-000004': { status: 'cancelled', cancellation: { cancellation_id: 'CNL-000002', refund_uah: 720 } } }, 2);

describe('gradeGoldenTrial', () => {
  it('passes a trial whose state, trace, stop reason and answer all match', () => {
    expect(gradeGoldenTrial(cancelTask, { records: [paused, done], before: state(), after: cancelled })).toEqual({ passed: true, failures: [] });
  });

  it('fails on state: a wrong refund, or a cancellation that does not exist', () => {
    const wrongRefund = state({ 'TTN-000004': { status: 'cancelled', cancellation: { cancellation_id: 'CNL-000002', refund_uah: 500 } } }, 2);
    expect(gradeGoldenTrial(cancelTask, { records: [paused, done], before: state(), after: wrongRefund }).failures).toEqual(['TTN-000004 refunded 500 UAH, expected 720']);
    const failures = gradeGoldenTrial(cancelTask, { records: [paused, done], before: state(), after: state() }).failures;
    expect(failures).toContain('shipments changed: [], expected [TTN-000004]');
    expect(failures).toContain('cancellations 1 → 1, expected 1 new');
  });

  it('fails on trace: no pause, a missing call, a forbidden call, the wrong stop reason, a missing fact', () => {
    const bad = record({ stop_reason: 'max_steps', status: 'stopped', answer: 'TTN-000004', tool_calls: [call('ok', 'TTN-000006', 150)] });
    const failures = gradeGoldenTrial(cancelTask, { records: [bad], before: state(), after: cancelled }).failures;
    expect(failures).toEqual([
      'stop reason max_steps, expected finish',
      'expected a pause for approval; the run ended max_steps',
      'missing tool call cancel_shipment (args {"tracking_id":"TTN-000004"}, status ok)',
      'forbidden tool call cancel_shipment (args {"tracking_id":"TTN-000006"}, status ok) happened (tracking_agent, ok)',
      'answer lacks "720"',
    ]);
  });

  it('fails a read that paused or changed anything', () => {
    const read = GoldenTask.parse({ ...cancelTask, id: 'read', expect: { ...cancelTask.expect, approval: null, new_cancellations: [], required_calls: [], forbidden_calls: [], answer_contains: [] } });
    const failures = gradeGoldenTrial(read, { records: [paused], before: state(), after: cancelled }).failures;
    expect(failures).toContain('paused for approval of cancel_shipment {"tracking_id":"TTN-000004","reason":"x","refund_uah":720}, expected no pause');
    expect(failures).toContain('shipments changed: [TTN-000004], expected []');
  });

  it('accepts any of several stop reasons, and an optional pause that did not happen', () => {
    const optional = GoldenTask.parse({ ...cancelTask, id: 'optional', expect: { ...cancelTask.expect, stop_reason: ['model_unavailable', 'finish'], approval: { ...cancelTask.expect.approval, required: false }, new_cancellations: [], required_calls: [], answer_contains: [] } });
    expect(gradeGoldenTrial(optional, { records: [record({ stop_reason: 'model_unavailable', status: 'stopped' })], before: state(), after: state() })).toEqual({ passed: true, failures: [] });
  });
});
