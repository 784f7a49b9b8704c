import type { RunObserver } from '../runtimes/index.js';
import { openRolloutStore } from './open-rollout-store.js';
import { rollbackObserver } from './rollback-observer.js';
import type { RolloutWriteFailure } from './rollback-observer.js';
import { RolloutActions } from './rollout-actions.js';
import { rolloutChooser } from './rollout-chooser.js';
import { rolloutResumeArm } from './resume-arm.js';
import type { RolloutStore } from './rollout-store.js';
import type { OpenTargetRuntime } from './runtime-pool.js';
import { RuntimePool } from './runtime-pool.js';
import { stageExecutionCheck } from './stage-execution-check.js';
import type { RunTarget, TargetChooser } from './run-target.js';
import type { VersionCatalog } from './version-catalog.js';
import { defaultVersionCatalog } from './version-catalog.js';

export interface RolloutPoolOptions {
  dbPath: string;
  base: RunTarget;
  /** Observes every run after the rollout's own observer. */
  onRunFinished?: RunObserver;
  /** Applied after the rollout's chooser (a tenant's own model endpoint: /work/wt/notes/seam.md). */
  choosers?: readonly TargetChooser[];
  /** Applied to the part of a run after an approval as well (the tenant's own model endpoint); see RuntimePoolOptions. */
  resumeChoosers?: readonly TargetChooser[];
  /**
   * Told when a run's outcome or the rollback it calls for could not be written (the run is tried again
   * with the next one). Default: one line on stderr; the service logs it and counts it in its metrics.
   */
  onRolloutFailure?: (failure: RolloutWriteFailure) => void;
  /** Default: `defaultVersionCatalog()`. */
  catalog?: VersionCatalog;
  open?: OpenTargetRuntime;
  now?: () => Date;
}

/** The pool as the CLI, the service and the worker open it: routed by the rollout, watched for rollback. */
export interface RolloutPool {
  pool: RuntimePool;
  rollouts: RolloutStore;
  actions: RolloutActions;
}

/**
 * Opens the rollout store on `dbPath` and a runtime pool whose runs go through the tenant's stage and
 * change (rolloutChooser), whose irreversible calls meet the stage in force when they would run
 * (stageExecutionCheck), and are judged after they finish (rollbackObserver). Closing the pool closes the store.
 */
export async function openRolloutPool(options: RolloutPoolOptions): Promise<RolloutPool> {
  const rollouts = await openRolloutStore(options.dbPath, options.now);
  const catalog = options.catalog ?? defaultVersionCatalog();
  const judge = rollbackObserver(rollouts, { onFailure: options.onRolloutFailure ?? reportOnStderr });
  const { onRunFinished } = options;
  const observe: RunObserver = async (record, events) => {
    // Each on its own: a failed rollout write (reported by the judge itself) must not keep the service's
    // metrics and webhooks from the run.
    await Promise.allSettled([judge(record, events), onRunFinished?.(record, events)]);
  };
  const pool = await RuntimePool.open({
    dbPath: options.dbPath,
    base: options.base,
    choosers: [rolloutChooser(rollouts, catalog), ...(options.choosers ?? [])],
    resumeArm: rolloutResumeArm(rollouts, catalog),
    onRunFinished: observe,
    executionCheck: stageExecutionCheck(rollouts),
    closeAfter: [rollouts],
    ...(options.resumeChoosers && { resumeChoosers: options.resumeChoosers }),
    ...(options.open && { open: options.open }),
  });
  return { pool, rollouts, actions: new RolloutActions(rollouts, catalog, options.base) };
}

function reportOnStderr(failure: RolloutWriteFailure): void {
  process.stderr.write(`waybill: rollout: could not record run ${failure.runId} of change ${failure.changeId} (tenant ${failure.tenant}): ${failure.error}; tried again with the next run (${failure.pending} waiting, ${failure.dropped} given up)\n`);
}
