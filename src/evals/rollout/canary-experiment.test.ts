import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SabotagedPlanner } from '../../testing/sabotaged-planner.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { runCanaryExperiment } from './canary-experiment.js';

const temps: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

// Issue 37's acceptance, bounded: bench/rollout-canary.mjs runs the same experiment at full size.
describe('a worse version rolled out to a 10% canary', () => {
  it('is rolled back automatically, and nothing irreversible happens without a human approving it', { timeout: 240_000 }, async () => {
    const temp = makeTempDir();
    temps.push(temp);
    // Workers crash, answer nothing, answer without facts, or slip an instruction in, on half the shipments.
    const model = new SabotagedPlanner({ 'TTN-000001': 'throw', 'TTN-000002': 'inject', 'TTN-000003': 'no_facts', 'TTN-000005': 'empty', 'TTN-000007': 'throw', 'TTN-000008': 'no_facts', 'TTN-000013': 'empty' });
    const result = await runCanaryExperiment({ dbPath: join(temp.dir, 'waybill.db'), candidate: { model }, candidateVersion: 'sabotaged-planner', requests: 90, users: 400, percent: 10, rule: { minCandidateRuns: 4, margin: 0.15 } });
    expect(result.rolledBackAtRun).not.toBeNull();
    expect(result.before.candidate.runs).toBeGreaterThanOrEqual(4);
    expect(result.before.candidate.runs).toBeLessThan(result.before.stable.runs);
    expect(result.rollback).toMatchObject({ margin: 0.15, min_candidate_runs: 4, percent_before: 10 });
    expect(Number(result.rollback?.candidate_rate)).toBeGreaterThan(Number(result.rollback?.stable_rate) + 0.15);
    // After the rollback no change is in effect: every run is on the base (the stable version), unassigned.
    expect(result.after.candidate.runs + result.after.stable.runs).toBe(0);
    expect(result.after.unassigned + result.before.stable.runs + result.before.candidate.runs).toBe(90);
    expect(result.events.filter((type) => type === 'rollout.rolled_back')).toHaveLength(1);
    // The domain: every cancellation was paid for by a grant a human approved; nothing decided by anything else.
    expect(result.decisions.approved).toBeGreaterThan(0);
    expect(result.cancellations).toBe(result.cancellationsApprovedByHuman);
    expect(result.cancellations).toBeLessThanOrEqual(result.decisions.approved);
    expect(result.nonHumanDecisions).toBe(0);
  });
});
