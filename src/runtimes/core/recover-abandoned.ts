import type { RunRecord } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';
import { holderIsGone } from './run-lease.js';
import type { Runtime } from './runtime.js';

/** What one sweep finished, and the threads it could not (a live holder won the race, or the run failed again). */
export interface RecoverySweep {
  recovered: RunRecord[];
  failed: Array<{ threadId: string; error: string }>;
}

/**
 * Finishes every run of `runtime` whose process died (`waybill resume --all`, `serve` on start-up and
 * every lease period): each thread on its own, so one that fails again does not keep the others waiting.
 */
export async function recoverAbandoned(runtime: Pick<Runtime, 'name' | 'runs' | 'recover'>, now: () => Date = () => new Date()): Promise<RecoverySweep> {
  const sweep: RecoverySweep = { recovered: [], failed: [] };
  const intents = await runtime.runs.listIntents();
  const threads = [...new Set(intents.filter((intent) => intent.runtime === runtime.name && holderIsGone(intent, now())).map((intent) => intent.threadId))];
  for (const threadId of threads) {
    try {
      sweep.recovered.push(...(await runtime.recover(threadId)));
    } catch (error) {
      // Taken by another recoverer meanwhile: theirs to finish, not a failure.
      if (DecisionError.isInstance(error) && (error.code === 'thread_busy' || error.code === 'already_decided')) continue;
      sweep.failed.push({ threadId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return sweep;
}
