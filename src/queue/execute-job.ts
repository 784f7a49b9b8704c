import type { Runtime } from '../runtimes/index.js';
import { DecisionError } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { QueueJob, ResumeJob, RunJob } from './queue-jobs.js';

/** What one job came to: a run record (run, resumed, or already there from an earlier attempt), or a refusal that retrying cannot change. */
export type JobOutcome =
  | { kind: 'record'; record: RunRecord; replayed: boolean }
  | { kind: 'refused'; code: string; message: string };

/** The part of a runtime a job needs; a runtime that can finish a thread's unfinished run offers `recover`. */
export type JobRuntime = Pick<Runtime, 'ask' | 'decide' | 'runs'> & { recover?: (threadId: string) => Promise<RunRecord | undefined> };

/**
 * Runs one job with the runtime, so that an attempt after a crash repeats nothing that finished: a run
 * whose record exists is not run again; a resume whose decision was already applied reads the
 * thread's latest record. Throws for a failure worth retrying (a store or model outage); a decision
 * the runtime refuses (a thread owned by another tenant, awaiting approval) is a `refused` outcome.
 */
export async function executeJob(runtime: JobRuntime, job: QueueJob): Promise<JobOutcome> {
  try {
    return job.kind === 'run' ? await executeRun(runtime, job) : await executeResume(runtime, job);
  } catch (error) {
    if (DecisionError.isInstance(error)) return { kind: 'refused', code: error.code, message: error.message };
    throw error;
  }
}

async function executeRun(runtime: JobRuntime, job: RunJob): Promise<JobOutcome> {
  const done = await runtime.runs.getRun(job.runId);
  if (done) return { kind: 'record', record: done, replayed: true };
  const record = await runtime.ask({ input: job.input, threadId: job.threadId, tenant: job.tenant, runId: job.runId, ...(job.requestId && { requestId: job.requestId }) });
  return { kind: 'record', record, replayed: false };
}

async function executeResume(runtime: JobRuntime, job: ResumeJob): Promise<JobOutcome> {
  if (runtime.recover) {
    const record = await runtime.recover(job.threadId);
    if (record) return { kind: 'record', record, replayed: false };
  }
  if (!job.decision) {
    const latest = await runtime.runs.latestRunForThread(job.threadId);
    if (latest) return { kind: 'record', record: latest, replayed: true };
    return { kind: 'refused', code: 'nothing_pending', message: `thread ${job.threadId} has no run to resume` };
  }
  try {
    return { kind: 'record', record: await runtime.decide(job.threadId, job.decision), replayed: false };
  } catch (error) {
    // An earlier attempt applied this decision (and was killed before completing the job): its result is the thread's latest run.
    if (DecisionError.isInstance(error) && error.code === 'already_decided') {
      const latest = await runtime.runs.latestRunForThread(job.threadId);
      if (latest && latest.status !== 'awaiting_approval') return { kind: 'record', record: latest, replayed: true };
    }
    throw error;
  }
}
