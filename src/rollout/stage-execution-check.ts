import type { ExecutionCheck } from '../runtimes/index.js';
import type { RolloutStore } from './rollout-store.js';
import { STAGE_RULES } from './rollout-stage.js';

/**
 * The stage in force when an irreversible call would run is the one that counts (docs/rollout.md "A
 * stage change while a run waits"): a cancellation a human approved under `general` does not run once
 * the tenant is in `read_only`. The refusal is the stage's own (`policy_deny:<tool>`, as before a human
 * is asked), and its detail names the stage for the audit trail and the answer. Given to every runtime
 * of the pool, so it holds on every path to the call: a first run, a decision over HTTP or the CLI, a
 * worker's deferred decision, a recovery.
 */
export function stageExecutionCheck(store: RolloutStore): ExecutionCheck {
  return async ({ tenant, tool }) => {
    const stage = await store.stage(tenant);
    if (!STAGE_RULES[stage].readOnly) return undefined;
    return { stopReason: `policy_deny:${tool}`, detail: `tenant ${tenant} is in rollout stage ${stage}, which allows read tools only: ${tool} was not run` };
  };
}
