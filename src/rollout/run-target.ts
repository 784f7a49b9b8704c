import type { OpenNamedRuntimeOptions, RuntimeName } from '../runtimes/index.js';
import type { RunVariant } from '../telemetry/index.js';

/** What a runtime in the pool is opened with: everything but the database and the observer, which the pool owns. */
export type TargetOptions = Omit<OpenNamedRuntimeOptions, 'dbPath' | 'onRunFinished'>;

/**
 * What one run runs on: a runtime (framework) and its options (model endpoint, planner, policy), and the
 * rollout arm it stands for. Targets with the same `key` share one opened runtime, so a chooser that
 * changes `options` must change `key` too, with a part that names what it changed (never a secret: keys
 * are logged and shown in `waybill rollout status`).
 */
export interface RunTarget {
  key: string;
  runtimeName: RuntimeName;
  options: TargetOptions;
  /** Recorded on the run record and its audit trail when set. */
  variant?: RunVariant;
}

/** Who a run is for, as a chooser sees it. */
export interface RunCaller {
  tenant: string;
  /** Stable per user of the tenant (an API key id, the CLI's user, the thread when no user is known). */
  user: string;
  /** One of the tenant's own staff (an admin key, the local operator). */
  internal: boolean;
}

/**
 * One step of choosing a run's target: given the caller and the target so far, the target to use (the
 * same one when it has nothing to change). Choosers run in order, each on the previous one's result.
 * A chooser refuses a run by throwing (the rollout's stage check throws StageRefusalError).
 */
export type TargetChooser = (caller: RunCaller, target: RunTarget) => RunTarget | Promise<RunTarget>;
