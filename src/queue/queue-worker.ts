import type { Logger } from '../mcp/stderr-logger.js';
import { DecisionError } from '../runtimes/index.js';
import { RunStoreError } from '../telemetry/index.js';
import { executeJob, type JobOutcome, type JobRuntime } from './execute-job.js';
import type { HeldJob, JobQueue } from './job-queue.js';
import type { TenantSlots } from './tenant-slots.js';

export interface QueueWorkerOptions {
  queue: JobQueue;
  slots: TenantSlots;
  runtime: JobRuntime;
  /** Jobs this process runs at once (each in its own fetch loop). */
  concurrency: number;
  logger: Logger;
  /** How long a job waits before it is tried again when its tenant has no free slot. Default 1 s. */
  tenantBusyDelaySeconds?: number;
}

/** A running worker: `stop` stops taking jobs, lets the jobs in hand finish, and resolves when they have. */
export interface QueueWorker {
  stop(): Promise<void>;
}

/**
 * Takes jobs from the run queue and runs them, `concurrency` at a time. Each held job's lease (and
 * tenant slot) is renewed every third of the lease while it runs, so a live worker keeps a long run and
 * a killed one loses it after one lease. A job that fails is retried by pg-boss, then dead-lettered.
 */
export function startQueueWorker(options: QueueWorkerOptions): QueueWorker {
  const { queue, slots, runtime, concurrency, logger, tenantBusyDelaySeconds = 1 } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
  // A pause is resumed only by the runtime that made it: a worker takes its own runtime's queue only.
  if (runtime.name !== queue.runtime) throw new TypeError(`a ${runtime.name} worker cannot take the ${queue.runtime} runtime's queue; open the queue with runtime: '${runtime.name}'`);
  let stopping = false;
  // Idle lanes share one poller: a lane that finds the queue empty waits for the lane already polling
  // (or becomes it), so an idle worker asks the queue once per poll, not once per lane; a lane that
  // finds a job wakes the others to look for more.
  let polling = false;
  const wakers = new Set<() => void>();
  const sleep = (seconds: number | undefined) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = seconds === undefined ? undefined : setTimeout(wake, seconds * 1000);
      wakers.add(wake);
    });
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  const idle = async () => {
    if (stopping) return;
    if (polling) return sleep(undefined);
    polling = true;
    try {
      await sleep(queue.settings.pollSeconds);
    } finally {
      polling = false;
    }
  };

  const handle = async (held: HeldJob): Promise<void> => {
    const fields = { job_id: held.id, attempt: held.retryCount + 1, started_at: held.startedOn.toISOString(), queue_wait_ms: held.startedOn.getTime() - held.createdOn.getTime() };
    if (!held.parsed.success) {
      logger.error('job unreadable', { ...fields, error: held.parsed.error });
      await queue.fail(held.id, new Error(`not a Waybill job: ${held.parsed.error}`));
      return;
    }
    const job = held.parsed.job;
    const jobFields = { ...fields, kind: job.kind, thread_id: job.threadId, tenant: job.tenant, ...(job.kind === 'run' && { run_id: job.runId }) };
    // Set before the job is completed, failed or deferred: a renewal racing that finds the job settled, not lost.
    let settling = false;
    let released = false;
    const lease = setInterval(() => {
      void Promise.all([queue.renewLease(held.id), slots.renew(held.id)])
        .then(([kept]) => {
          if (!kept && !settling) logger.warn('job lease lost: another worker may take this job', jobFields);
        })
        .catch((error: unknown) => logger.warn('job lease not renewed', { ...jobFields, error: (error as Error).message }));
    }, (queue.settings.leaseSeconds * 1000) / 3);
    try {
      if (!(await slots.acquire(job.tenant, held.id))) {
        settling = true;
        await queue.defer(held.id, job, tenantBusyDelaySeconds);
        logger.debug('job deferred: tenant at its limit', jobFields);
        return;
      }
      const started = Date.now();
      let outcome: JobOutcome;
      try {
        outcome = await executeJob(runtime, job, { firstAttempt: held.retryCount === 0 });
      } catch (error) {
        // The last attempt's failure is dead-lettered: said as such, with why. Whatever run the job began is
        // not held by this worker any more (the kernel let its lease lapse when it threw), so the thread is
        // free for the next job or recovery sweep.
        const deadLettered = held.retryCount >= queue.settings.retryLimit;
        const why = { ...jobFields, run_ms: Date.now() - started, error: (error as Error).message, ...((DecisionError.isInstance(error) || RunStoreError.isInstance(error)) && { code: error.code }) };
        if (deadLettered) logger.error('job dead-lettered', why);
        else logger.warn('job failed', why);
        settling = true;
        await queue.fail(held.id, error as Error);
        return;
      }
      const summary = outcome.kind === 'record'
        ? { run_id: outcome.record.run_id, status: outcome.record.status, stop_reason: outcome.record.stop_reason ?? null, replayed: outcome.replayed }
        : { refused: outcome.code, message: outcome.message };
      settling = true;
      clearInterval(lease);
      // The run is over: its slot is freed while the job is completed (two connections, one wait).
      released = true;
      await Promise.all([queue.complete(held.id, summary), slots.release(held.id).catch(() => undefined)]);
      logger.info('job done', { ...jobFields, run_ms: Date.now() - started, ...summary });
    } finally {
      clearInterval(lease);
      if (!released) await slots.release(held.id).catch(() => undefined);
    }
  };

  const lane = async (): Promise<void> => {
    while (!stopping) {
      let held: HeldJob | undefined;
      try {
        held = await queue.fetch();
      } catch (error) {
        logger.warn('queue fetch failed', { error: (error as Error).message });
      }
      if (!held) {
        await idle();
        continue;
      }
      if (wakers.size > 0) wakeAll();
      try {
        await handle(held);
      } catch (error) {
        // The job stays active until its lease lapses; then pg-boss retries it.
        logger.error('job not settled', { job_id: held.id, error: (error as Error).message });
      }
    }
  };

  // A job queued while every lane is idle is taken at once, not at the next poll; without the
  // listening connection (it failed to open) the lanes just poll.
  // One idle lane is woken per job queued; if it gets the job it wakes the others to look for more.
  const wakeOne = () => {
    const [first] = wakers;
    first?.();
  };
  const listening = queue.onJobQueued(wakeOne).catch((error: unknown) => {
    logger.warn('queue notifications unavailable: polling only', { error: (error as Error).message });
    return async () => undefined;
  });
  const lanes = Array.from({ length: concurrency }, () => lane());
  return {
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all([...lanes, listening.then((stopListening) => stopListening())]);
    },
  };
}
