import type { Decision, Runtime } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { JobQueue, SqlExecutor } from './job-queue.js';

/** A decision on a paused thread, to be resumed by whichever worker takes its job. */
export interface QueueDecisionRequest {
  threadId: string;
  tenant: string;
  approvalId: string;
  decision: Decision;
  /** The id the resumed run is recorded under (`DecideOptions.runId`); a fresh one otherwise. */
  runId?: string;
}

/** What a queued decision did: the paused run (now `decided`), the resume's job, and the run id the resume records. */
export interface QueuedDecision {
  record: RunRecord;
  jobId: string;
  /** The run the worker resumes and records (undefined only if it cannot be found any more). */
  resumeRunId: string | undefined;
}

/**
 * Records the decision with the intent to resume (`decide` with `defer`: claimed once, durable before
 * anything runs) and queues the resume in the same transaction as the claim: the decision and its job
 * commit together or not at all. The intent is written with its lease lapsed, so the worker that takes
 * the job resumes the run at once. Returns the paused run's record (now `decided`), the job id and the
 * id of the run the resume will record.
 */
export async function queueDecision(queue: JobQueue, runtime: Pick<Runtime, 'decide' | 'runs'>, request: QueueDecisionRequest): Promise<QueuedDecision> {
  const { threadId, tenant, approvalId, decision } = request;
  let jobId = '';
  const record = await runtime.decide(threadId, decision, {
    defer: true,
    ...(request.runId !== undefined && { runId: request.runId }),
    alsoInTransaction: async (sql) => {
      jobId = await queue.enqueue({ kind: 'resume', threadId, tenant, approvalId }, { db: sql as SqlExecutor });
    },
  });
  const intent = (await runtime.runs.listIntents(threadId)).find((i) => i.kind === 'resume' && i.pausedRunId === record.run_id);
  if (intent) return { record, jobId, resumeRunId: intent.runId };
  // No intent left: a worker already took the job and recorded the resumed run, the thread's latest.
  const latest = await runtime.runs.latestRunForThread(threadId);
  return { record, jobId, resumeRunId: latest && latest.run_id !== record.run_id ? latest.run_id : undefined };
}
