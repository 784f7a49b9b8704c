import { describe, expect, it } from 'vitest';
import { RunRecord, statusForStopReason } from './run-record.js';
import { sampleRunRecord } from './sample-run-record.js';

describe('RunRecord', () => {
  it('accepts a realistic finished record and keeps it as given', () => {
    const record = sampleRunRecord();
    expect(RunRecord.parse(record)).toEqual(record);
  });

  it('accepts a paused record with pending, a tool-scoped stop reason and the optional flags', () => {
    const paused = sampleRunRecord({
      status: 'awaiting_approval',
      stop_reason: 'awaiting_approval',
      pending: { agent: 'claims', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004' } },
    });
    expect(RunRecord.safeParse(paused).success).toBe(true);
    const denied = sampleRunRecord({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment', incomplete: true });
    expect(RunRecord.safeParse(denied).success).toBe(true);
    expect(RunRecord.safeParse({ ...sampleRunRecord(), $schema_version: 1 }).success).toBe(true);
  });

  it.each([
    ['an unknown stop reason', { stop_reason: 'done' }],
    ['a tool stop without a tool', { status: 'stopped', stop_reason: 'policy_deny:' }],
    ['an unknown status', { status: 'completed' }],
    ['a status that contradicts the stop reason', { status: 'finished', stop_reason: 'max_steps' }],
    ['an unknown runtime', { runtime: 'crewai' }],
    ['negative steps', { steps: -1 }],
    ['fractional tokens', { usage: { prompt_tokens: 1.5, completion_tokens: 0, usd: 0 } }],
    ['a started_at that is not ISO', { started_at: '30.11.2026 12:00' }],
    ['an unknown tool call status', { tool_calls: [{ agent: 'a', tool: 't', args: {}, status: 'skipped', duration_ms: 1 }] }],
    ['a negative tool call duration', { tool_calls: [{ agent: 'a', tool: 't', args: {}, status: 'ok', duration_ms: -1 }] }],
    ['an unknown approval decision', { approval: { decision: 'maybe', by: 'x', at: '2026-11-30T12:00:00.000Z' } }],
    ['another schema version', { $schema_version: 2 }],
  ])('rejects %s', (_label, overrides) => {
    expect(RunRecord.safeParse({ ...sampleRunRecord(), ...overrides }).success).toBe(false);
  });

  it('rejects a record without a required field', () => {
    const withoutAnswer: Partial<RunRecord> = sampleRunRecord();
    delete withoutAnswer.answer;
    expect(RunRecord.safeParse(withoutAnswer).success).toBe(false);
  });
});

describe('statusForStopReason', () => {
  it('maps finish, the pause and every other reason', () => {
    expect(statusForStopReason('finish')).toBe('finished');
    expect(statusForStopReason('awaiting_approval')).toBe('awaiting_approval');
    expect(statusForStopReason('approval_rejected')).toBe('stopped');
    expect(statusForStopReason('max_usd')).toBe('stopped');
    expect(statusForStopReason('tool_timeout:track_shipment')).toBe('stopped');
  });
});
