import type { RunObserver } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { badOutcome } from './bad-outcome.js';
import { judgeRollout } from './rollback-rule.js';
import type { RolloutStore } from './rollout-store.js';

/** Who an automatic rollback is recorded as, in `rollout.rolled_back`. */
export const AUTOMATIC_ROLLBACK_BY = 'waybill (automatic rollback)';

/** A run whose outcome (or the rollback it called for) could not be written; kept to be tried again. */
export interface RolloutWriteFailure {
  runId: string;
  tenant: string;
  changeId: string;
  error: string;
  /** Runs waiting to be written again after this failure, this one included. */
  pending: number;
  /** Runs given up on since the observer started (the oldest, once `maxPending` wait). */
  dropped: number;
}

export interface RollbackObserverOptions {
  /** Told of every failed attempt (default: nothing; openRolloutPool passes one that logs). */
  onFailure?: (failure: RolloutWriteFailure) => void;
  /** How many failed runs are kept to be tried again; beyond it the oldest is dropped (and counted). Default 1000. */
  maxPending?: number;
}

/**
 * Watches every run of a change (pass it as the pool's `onRunFinished`): counts the outcome of each run
 * that ended for the arm it started on, once per run id, and after a candidate run judges the change by
 * its rule. A part that paused for approval is not counted: the part after the decision is, on the same
 * arm (docs/rollout.md "A run keeps its arm"); a part rerouted off its arm is counted for neither. A
 * change whose candidate does worse than stable by more than the margin is rolled back (percentage 0,
 * state `rolled_back`) with `rollout.rolled_back` and the rates, once: of concurrent runs that all find
 * it over the margin, the store lets one end it. A run without a variant is not looked at.
 *
 * A write that fails is not lost in silence: `onFailure` hears it, and the run is tried again, oldest
 * first, before the next run this observer sees (counting is once per run id and the rollback is
 * conditional, so a retry never counts twice). It never throws.
 */
export function rollbackObserver(store: RolloutStore, options: RollbackObserverOptions = {}): RunObserver {
  const { onFailure, maxPending = 1000 } = options;
  const pending = new Map<string, RunRecord>();
  let dropped = 0;
  const attempt = async (record: RunRecord): Promise<boolean> => {
    try {
      await judge(store, record);
      pending.delete(record.run_id);
      return true;
    } catch (error) {
      pending.set(record.run_id, record);
      for (const oldest of pending.keys()) {
        if (pending.size <= maxPending) break;
        pending.delete(oldest);
        dropped += 1;
      }
      const { variant } = record;
      onFailure?.({ runId: record.run_id, tenant: record.tenant, changeId: variant?.change_id ?? '', error: error instanceof Error ? error.message : String(error), pending: pending.size, dropped });
      return false;
    }
  };
  return async (record) => {
    // The earlier failures first, and no further once one fails again (the store is still down).
    for (const earlier of [...pending.values()]) if (earlier.run_id !== record.run_id && !(await attempt(earlier))) break;
    if (counted(record)) await attempt(record);
  };
}

const counted = (record: RunRecord): boolean => record.variant !== undefined && record.variant.rerouted === undefined && record.status !== 'awaiting_approval';

async function judge(store: RolloutStore, record: RunRecord): Promise<void> {
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
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
