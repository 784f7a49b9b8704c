import type { JobQueue, SqlExecutor } from './job-queue.js';
import type { QueuedDecision } from './queue-jobs.js';

/** A decision on a paused thread, to be applied by whichever worker takes its resume job. */
export interface QueueDecisionRequest {
  threadId: string;
  tenant: string;
  approvalId: string;
  decision: QueuedDecision;
}

/**
 * Queues the resume of a decided approval; returns the job id. The decision travels with the job and the
 * worker applies it (`Runtime.decide`): the run store's claim makes a second decision on the pause
 * `already_decided`, and a retried job reads the run the first attempt finished. `db` enqueues inside
 * the caller's transaction.
 */
export async function queueDecision(queue: JobQueue, request: QueueDecisionRequest, db?: SqlExecutor): Promise<string> {
  const { threadId, tenant, approvalId, decision } = request;
  return queue.enqueue({ kind: 'resume', threadId, tenant, approvalId, decision }, db ? { db } : {});
}
