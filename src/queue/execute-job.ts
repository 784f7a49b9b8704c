import type { Runtime } from '../runtimes/index.js';
import { DecisionError } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { QueueJob, ResumeJob, RunJob } from './queue-jobs.js';

/** What one job came to: a run record (run, resumed, or already there from an earlier attempt), or a refusal that retrying cannot change. */
export type JobOutcome =
  | { kind: 'record'; record: RunRecord; replayed: boolean }
  | { kind: 'refused'; code: string; message: string };

/** The part of a runtime a job needs; `name` says whose queue it may take from. */
export type JobRuntime = Pick<Runtime, 'name' | 'ask' | 'recover' | 'runs'>;

/** Refusals that mean "another live process holds this thread now": the job is retried later, not settled. */
const RETRY_LATER: ReadonlySet<string> = new Set(['thread_busy', 'already_decided']);

/**
 * Runs one job with the runtime, so that an attempt after a crash repeats nothing that finished: a run
 * whose record exists is not run again (and `ask` with a run id whose process died finishes that run
 * instead of starting another); a resume finishes the thread's recorded decision exactly once. Throws
 * for a failure worth retrying (a store or model outage, a thread another live process holds); any
 * other refusal of the runtime (a thread owned by another tenant, awaiting approval) is `refused`.
 */
export async function executeJob(runtime: JobRuntime, job: QueueJob): Promise<JobOutcome> {
  try {
    return job.kind === 'run' ? await executeRun(runtime, job) : await executeResume(runtime, job);
  } catch (error) {
    if (DecisionError.isInstance(error) && !RETRY_LATER.has(error.code)) return { kind: 'refused', code: error.code, message: error.message };
    throw error;
  }
}

async function executeRun(runtime: JobRuntime, job: RunJob): Promise<JobOutcome> {
  const done = await runtime.runs.getRun(job.runId);
  if (done) return { kind: 'record', record: done, replayed: true };
  const record = await runtime.ask({ input: job.input, threadId: job.threadId, tenant: job.tenant, runId: job.runId, ...(job.requestId && { requestId: job.requestId }), ...(job.user && { user: job.user }), ...(job.internal && { internal: true }) });
  return { kind: 'record', record, replayed: false };
}

async function executeResume(runtime: JobRuntime, job: ResumeJob): Promise<JobOutcome> {
  const finished = await runtime.recover(job.threadId);
  const record = finished.at(-1);
  if (record) return { kind: 'record', record, replayed: false };
  // Nothing left in flight: an earlier attempt (or a recovery sweep) finished it; its result is the thread's latest run.
  const latest = await runtime.runs.latestRunForThread(job.threadId);
  if (latest) return { kind: 'record', record: latest, replayed: true };
  return { kind: 'refused', code: 'nothing_pending', message: `thread ${job.threadId} has no run to resume` };
}
