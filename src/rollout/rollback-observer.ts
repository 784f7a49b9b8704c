import type { RunObserver } from '../runtimes/index.js';
import { badOutcome } from './bad-outcome.js';
import { judgeRollout } from './rollback-rule.js';
import type { RolloutStore } from './rollout-store.js';

/** Who an automatic rollback is recorded as, in `rollout.rolled_back`. */
export const AUTOMATIC_ROLLBACK_BY = 'waybill (automatic rollback)';

/**
 * Watches every run of a change (pass it as the pool's `onRunFinished`): counts the run's outcome for
 * its arm, once per run id, and after a candidate run judges the change by its rule. A change whose
 * candidate does worse than stable by more than the margin is rolled back (percentage 0, state
 * `rolled_back`) with `rollout.rolled_back` and the rates, once: of concurrent runs that all find it
 * over the margin, the store lets one end it. A run without a variant is not looked at.
 */
export function rollbackObserver(store: RolloutStore): RunObserver {
  return async (record) => {
    const variant = record.variant;
    if (!variant) return;
    const bad = badOutcome(record);
    await store.recordOutcome(variant, record.run_id, bad !== undefined);
    if (variant.arm !== 'candidate') return;
    const change = await store.getChange(variant.change_id);
    if (change?.state !== 'canary') return;
    const verdict = judgeRollout(await store.tally(change.id), change.rule);
    if (!verdict.rollBack) return;
    await store.endChange(change.id, 'rolled_back', AUTOMATIC_ROLLBACK_BY, {
      candidate_rate: round(verdict.candidateRate),
      stable_rate: round(verdict.stableRate),
      candidate_runs: verdict.candidateRuns,
      stable_runs: verdict.stableRuns,
      margin: change.rule.margin,
      min_candidate_runs: change.rule.minCandidateRuns,
      percent_before: change.percent,
      last_run_id: record.run_id,
      last_run_outcome: bad ?? 'good',
    });
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
