import type { Decision, Runtime } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { JobQueue, SqlExecutor } from './job-queue.js';

/** A decision on a paused thread, to be resumed by whichever worker takes its job. */
export interface QueueDecisionRequest {
  threadId: string;
  tenant: string;
  approvalId: string;
  decision: Decision;
}

/**
 * Records the decision with the intent to resume (`decide` with `defer`: claimed once, durable before
 * anything runs) and queues the resume in the same transaction as the claim: the decision and its job
 * commit together or not at all. The intent is written with its lease lapsed, so the worker that takes
 * the job resumes the run at once. Returns the paused run's record (now `decided`) and the job id.
 */
export async function queueDecision(queue: JobQueue, runtime: Pick<Runtime, 'decide'>, request: QueueDecisionRequest): Promise<{ record: RunRecord; jobId: string }> {
  const { threadId, tenant, approvalId, decision } = request;
  let jobId = '';
  const record = await runtime.decide(threadId, decision, {
    defer: true,
    alsoInTransaction: async (sql) => {
      jobId = await queue.enqueue({ kind: 'resume', threadId, tenant, approvalId }, { db: sql as SqlExecutor });
    },
  });
  return { record, jobId };
}
