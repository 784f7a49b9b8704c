import { describe, expect, it } from 'vitest';
import { decodeStoredRun, encodeStoredRun } from './stored-run.js';
import { sampleRunRecord } from './sample-run-record.js';

/** Golden fixture of the version 1 stored format: never edit; add a new one for a new version. */
const GOLDEN_V1 =
  '{"$schema_version":1,"run_id":"run-7","request_id":"req-7","tenant":"acme","thread_id":"th-7","runtime":"openai-agents",' +
  '"status":"awaiting_approval","stop_reason":"awaiting_approval","answer":"","steps":2,' +
  '"tool_calls":[{"agent":"claims","tool":"cancel_shipment","args":{"tracking_id":"TTN-000004"},"status":"pending","duration_ms":0}],' +
  '"usage":{"prompt_tokens":900,"completion_tokens":40,"usd":0.00186},"started_at":"2026-11-30T12:00:00.000Z","duration_ms":2100,' +
  '"pending":{"agent":"claims","tool":"cancel_shipment","args":{"tracking_id":"TTN-000004"}}}';

describe('stored run format', () => {
  it('reads the version 1 golden fixture, without the version marker', () => {
    const decoded = decodeStoredRun({ run_id: 'run-7', schema_version: 1, record: GOLDEN_V1 });
    expect(decoded.success).toBe(true);
    if (!decoded.success) return;
    expect(decoded.value.pending?.tool).toBe('cancel_shipment');
    expect(decoded.value).not.toHaveProperty('$schema_version');
  });

  it('round-trips what it writes', () => {
    const record = sampleRunRecord();
    expect(decodeStoredRun({ run_id: record.run_id, schema_version: 1, record: encodeStoredRun(record) })).toEqual({ success: true, value: record });
  });

  it.each([
    ['a row of another version', { run_id: 'run-7', schema_version: 2, record: GOLDEN_V1 }, /schema version 2/],
    ['JSON without a version', { run_id: 'run-7', schema_version: 1, record: GOLDEN_V1.replace('"$schema_version":1,', '') }, /missing/],
    ['damaged JSON', { run_id: 'run-7', schema_version: 1, record: GOLDEN_V1.slice(0, 40) }, /not valid JSON/],
    ['a foreign shape', { run_id: 'run-7', schema_version: 1, record: '{"$schema_version":1,"run_id":"run-7"}' }, /malformed/],
    ['a record filed under another run id', { run_id: 'run-8', schema_version: 1, record: GOLDEN_V1 }, /names run run-7/],
    ['JSON null', { run_id: 'run-7', schema_version: 1, record: 'null' }, /missing/],
  ])('refuses %s with a reason', (_label, row, reason) => {
    const decoded = decodeStoredRun(row);
    expect(decoded.success).toBe(false);
    if (decoded.success) return;
    expect(decoded.error).toMatch(reason);
  });
});
