import type { RunStore } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';

/**
 * A thread that waits on an approval takes no new message: a new run on it would leave the pending
 * call behind (its checkpoint interrupt replaced, its approval undecidable). Throws DecisionError
 * `thread_awaiting_approval` naming the approval and how to decide it; the CLI exits 2, HTTP answers 409.
 */
export async function refusePausedThread(runs: RunStore, threadId: string | undefined): Promise<void> {
  if (threadId === undefined) return;
  const latest = await runs.latestRunForThread(threadId);
  if (latest?.status !== 'awaiting_approval') return;
  const id = latest.pending?.approval_id;
  const target = id ? `--approval ${id}` : `--thread ${threadId}`;
  throw new DecisionError(
    'thread_awaiting_approval',
    `thread ${threadId} waits on approval ${id ?? latest.run_id} (${latest.pending?.tool ?? 'a call'} ${JSON.stringify(latest.pending?.args ?? {})}); decide it first: waybill approve ${target} or waybill reject ${target} --reason "..."`,
  );
}
