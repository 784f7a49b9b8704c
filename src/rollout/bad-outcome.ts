import type { RunRecord } from '../telemetry/index.js';

/** Stop reasons that are the run doing its job: an answer, or a pause for a human's approval. */
const GOOD_STOPS = new Set(['finish', 'awaiting_approval']);

/**
 * Whether a run counts against its rollout arm (docs/rollout.md): it stopped for any reason other than
 * finishing or pausing for approval (refusals, policy denials, model errors, budgets, not understood),
 * or an answer failed verification against its tool results (a sub-task with unverified claims, or a
 * final answer that had to be replaced). Returns the reason, or undefined for a good run.
 */
export function badOutcome(record: RunRecord): string | undefined {
  if (!GOOD_STOPS.has(record.stop_reason)) return `stopped: ${record.stop_reason}`;
  const unverified = (record.subtasks ?? []).filter((task) => (task.verification?.unverified.length ?? 0) > 0 || task.verification?.answered_from_tools === true);
  if (unverified.length > 0) return `verification failed: ${unverified.map((task) => task.task_id).join(', ')}`;
  if (record.final_check?.replaced) return 'verification failed: final answer replaced';
  return undefined;
}
