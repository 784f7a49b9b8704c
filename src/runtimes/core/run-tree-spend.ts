import type { SpentBefore } from '../../policy/index.js';
import type { RunRecord, RunTreeSpend } from '../../telemetry/index.js';
import type { RunLedger } from './run-ledger.js';

/**
 * What the run tree had spent when `paused` was recorded: its `run_tree` figures, or, for a record
 * written before they were (an older Waybill), the run's own usage, steps, delegations and duration.
 * A resumed run's budget goes on from this (issue 37: pausing must not reset a tree's limits).
 */
export function spentBefore(paused: RunRecord): SpentBefore {
  const tree = paused.run_tree;
  if (tree) return { steps: tree.steps, promptTokens: tree.prompt_tokens, completionTokens: tree.completion_tokens, usd: tree.usd, delegations: tree.delegations, elapsedMs: tree.running_ms };
  return { steps: paused.steps, promptTokens: paused.usage.prompt_tokens, completionTokens: paused.usage.completion_tokens, usd: paused.usage.usd, delegations: paused.subtasks?.length ?? 0, elapsedMs: paused.duration_ms };
}

/**
 * The run tree's spend to write on `run`'s record: on a run that paused (a resumed part goes on from it)
 * and on a resumed one (which may pause again); undefined for a run that neither paused nor resumed.
 */
export function runTreeSpend(run: RunLedger, paused: boolean): RunTreeSpend | undefined {
  const { budget } = run.init;
  if (!paused && budget.before === undefined) return undefined;
  const usage = budget.usage();
  return { steps: usage.steps, prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, usd: usage.usd, delegations: run.delegations, running_ms: Math.max(0, usage.elapsedMs) };
}
