import type { StopReason } from '../../policy/index.js';

/** Why an irreversible call may not run now: the run stops with `stopReason`; `detail` goes to the audit trail and the answer. */
export interface ExecutionRefusal {
  stopReason: StopReason;
  detail: string;
}

/**
 * Asked by the tool gate at the moment an irreversible call would run, after the policy allowed it and
 * before a grant is presented or an automatic approval is filed. What was true when a human was asked
 * may no longer be (a staged rollout's stage, docs/rollout.md), so the answer is read now, on every
 * path that reaches the call: a first run, a decision, a worker's deferred decision, a recovery.
 */
export type ExecutionCheck = (call: { tenant: string; tool: string }) => Promise<ExecutionRefusal | undefined>;
