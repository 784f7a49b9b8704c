import type { Decision, Runtime } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { JobQueue } from './job-queue.js';

/** A decision on a paused thread, to be resumed by whichever worker takes its job. */
export interface QueueDecisionRequest {
  threadId: string;
  tenant: string;
  approvalId: string;
  decision: Decision;
}

/**
 * Records the decision with the intent to resume (`decide` with `defer`: claimed once, durable before
 * anything runs), then queues the resume. Should this process die between the two, the intent is still
 * there and a worker's recovery sweep finishes the run; the job only makes it prompt. The paused run's
 * record is returned with the job id. A worker can take the resume once this process's lease on the
 * intent lapses (WAYBILL_RUN_LEASE_MS of the deciding process); until then it retries.
 */
export async function queueDecision(queue: JobQueue, runtime: Pick<Runtime, 'decide'>, request: QueueDecisionRequest): Promise<{ record: RunRecord; jobId: string }> {
  const { threadId, tenant, approvalId, decision } = request;
  const record = await runtime.decide(threadId, decision, { defer: true });
  const jobId = await queue.enqueue({ kind: 'resume', threadId, tenant, approvalId });
  return { record, jobId };
}
