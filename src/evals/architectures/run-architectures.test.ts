import { describe, expect, it } from 'vitest';
import { runArchitecturesExperiment } from './run-architectures.js';

describe('experiment A/B/C', () => {
  it('answers every task correctly in all three architectures, with no cancellation', async () => {
    const report = await runArchitecturesExperiment({ latencyMs: 0 });
    expect(report.rows.map((r) => [r.architecture, r.misses])).toEqual([['A', []], ['B', []], ['C', []]]);
  }, 60_000);
});

describe('experiment A/B/C: what each architecture costs', () => {
  it('fans out in C with fewer model calls than B for the same delegations, and reports the exposure', async () => {
    const report = await runArchitecturesExperiment({ latencyMs: 0, tasks: [{ id: 'x', input: 'Status of TTN-000001, TTN-000002 and stock of SKU-1001', expect: ['TTN-000001', 'TTN-000002', 'SKU-1001'] }] });
    const [a, b, c] = report.rows;
    expect(a).toMatchObject({ architecture: 'A', delegations: 0, correct: 1, untrusted_reader_reaches_cancel: true });
    expect(b).toMatchObject({ architecture: 'B', delegations: 3, correct: 1 });
    expect(c).toMatchObject({ architecture: 'C', delegations: 3, correct: 1 });
    // B: one supervisor turn per sub-task plus the summary (4); C: one fan-out turn plus the summary (2).
    expect((b?.model_calls ?? 0) - (c?.model_calls ?? 0)).toBe(2);
    expect(b?.exposure).toBe('tracking_agent reads track_shipment, search_policies and holds cancel_shipment');
  }, 60_000);

  it('counts a wrong answer as a miss, naming the fact it lacked', async () => {
    const report = await runArchitecturesExperiment({ latencyMs: 0, tasks: [{ id: 'wrong', input: 'Status of TTN-000001', expect: ['TTN-000001', 'delivered on Mars'] }] });
    expect(report.rows.map((r) => r.misses)).toEqual(Array(3).fill([{ task: 'wrong', missing: ['delivered on Mars'] }]));
  }, 60_000);
});
