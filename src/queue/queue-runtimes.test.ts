import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../mcp/stderr-logger.js';
import type { Runtime, RuntimeName } from '../runtimes/index.js';
import { openRuntime, RUNTIME_NAMES } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import { openJobQueue, type JobQueue } from './job-queue.js';
import { queueDecision } from './queue-decision.js';
import { queueSettingsFromEnv } from './queue-settings.js';
import { createQueueTestSchema } from './queue-test-schema.js';
import { startQueueWorker, type QueueWorker } from './queue-worker.js';
import { openTenantSlots, type TenantSlots } from './tenant-slots.js';

const baseUrl = testPostgresUrl();
const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';

/** Polls `read` until it gives a value (the worker runs in the background), or fails after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('the worker did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The queue path end to end (enqueue, a worker's run, a queued decision and its resume) on each runtime:
// `serve --queue --runtime R` and `worker --runtime R` share R's queue. ADK never pauses: its case is explicit.
describe.runIf(baseUrl).each(RUNTIME_NAMES)('the run queue on the %s runtime (PostgreSQL)', { timeout: 90_000 }, (runtimeName: RuntimeName) => {
  let schema: TestSchema | undefined;
  let runtime: Runtime | undefined;
  let queue: JobQueue | undefined;
  let slots: TenantSlots | undefined;
  let worker: QueueWorker | undefined;
  beforeAll(async () => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    const settings = queueSettingsFromEnv(schema.url, { WAYBILL_QUEUE_POLL_SECONDS: '0.5' });
    runtime = await openRuntime(runtimeName, { dbPath: schema.url, offline: true });
    queue = await openJobQueue(schema.url, { settings, runtime: runtimeName, supervise: true, logger: silentLogger });
    slots = await openTenantSlots(schema.url, { schema: settings.schema, limit: 4, leaseSeconds: settings.leaseSeconds });
    worker = startQueueWorker({ queue, slots, runtime, concurrency: 2, logger: silentLogger });
  }, 90_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.allSettled([queue?.close(), slots?.close(), runtime?.close()]);
    await schema?.drop();
  });

  const run = async (runId: string, input: string) => (await queue?.enqueue({ kind: 'run', runId, threadId: `t-${runId}`, tenant: 'default', input })) ?? '';
  const recordOf = (runId: string) => eventually(async () => runtime?.runs.getRun(runId));
  // The worker writes a run's record, then completes its job: the record alone does not mean the job is
  // settled, so a case waits for its own job to leave the queue before it counts what the queue holds.
  const settledJob = (jobId: string) =>
    eventually(async () => {
      const { rows } = await (queue as JobQueue).inTransaction((db) => db.executeSql(`SELECT state, output FROM ${queue?.settings.schema}.job WHERE id = $1`, [jobId]));
      const job = rows[0] as { state: string; output: unknown } | undefined;
      return job && job.state !== 'created' && job.state !== 'active' ? job : undefined;
    });

  it('runs a queued request on that runtime under the run id it was queued with', async () => {
    const jobId = await run('run-track', 'Де зараз посилка TTN-000001?');
    expect(await recordOf('run-track')).toMatchObject({ run_id: 'run-track', runtime: runtimeName, status: 'finished', tool_calls: [{ tool: 'track_shipment', status: 'ok' }] });
    expect(await settledJob(jobId)).toMatchObject({ state: 'completed', output: { run_id: 'run-track', status: 'finished', replayed: false } });
  });

  if (runtimeName === 'adk') {
    it('finishes a cancellation request without a pause, and refuses a queued decision by name with nothing queued', async () => {
      const jobId = await run('run-cancel', CANCEL);
      const record = await recordOf('run-cancel');
      expect(record).toMatchObject({ runtime: 'adk', status: 'finished' });
      expect(record.pending).toBeUndefined();
      expect(await settledJob(jobId)).toMatchObject({ state: 'completed', output: { run_id: 'run-cancel', status: 'finished', replayed: false } });
      const decided = queueDecision(queue as JobQueue, runtime as Runtime, { threadId: record.thread_id, tenant: 'default', approvalId: record.run_id, decision: { type: 'approve', by: 'test' } });
      await expect(decided).rejects.toMatchObject({ name: 'DecisionError', code: 'nothing_pending' });
      expect(await queue?.stats()).toMatchObject({ queued: 0, active: 0, deadLetters: 0 });
      expect(await runtime?.domain.countCancellations('TTN-000004')).toBe(0);
    });
  } else {
    it('runs a cancellation to its pause; a queued approval is resumed by the worker and cancels once', async () => {
      const runJobId = await run('run-cancel', CANCEL);
      const paused = await recordOf('run-cancel');
      expect(paused).toMatchObject({ runtime: runtimeName, status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } });
      expect(await settledJob(runJobId)).toMatchObject({ state: 'completed', output: { run_id: 'run-cancel', status: 'awaiting_approval' } });
      // The edit rule holds here as on every path: a changed shipment is refused by name and nothing is queued.
      const moved = queueDecision(queue as JobQueue, runtime as Runtime, { threadId: paused.thread_id, tenant: 'default', approvalId: paused.run_id, decision: { type: 'edit', by: 'test', args: { tracking_id: 'TTN-000010' } } });
      await expect(moved).rejects.toMatchObject({ name: 'DecisionError', code: 'invalid_edit', ...(runtimeName === 'langgraph' && { problems: [expect.stringMatching(/^tracking_id: .*not the shipment/)] }) });
      expect(await queue?.stats()).toMatchObject({ queued: 0, active: 0 });
      const { record, jobId, resumeRunId } = await queueDecision(queue as JobQueue, runtime as Runtime, { threadId: paused.thread_id, tenant: 'default', approvalId: paused.run_id, decision: { type: 'approve', by: 'test' } });
      expect(record).toMatchObject({ run_id: paused.run_id, status: 'decided' });
      expect(jobId).not.toBe('');
      expect(resumeRunId).toMatch(/^run-/);
      const resumed = await eventually<RunRecord>(async () => {
        const latest = await runtime?.runs.latestRunForThread(paused.thread_id);
        return latest && latest.run_id !== paused.run_id ? latest : undefined;
      });
      expect(resumed).toMatchObject({ run_id: resumeRunId, runtime: runtimeName, status: 'finished', approval: { decision: 'approve', by: 'test' } });
      expect(await runtime?.domain.countCancellations('TTN-000004')).toBe(1);
      expect(await settledJob(jobId)).toMatchObject({ state: 'completed', output: { run_id: resumeRunId, status: 'finished' } });
      expect(await queue?.stats()).toMatchObject({ queued: 0, active: 0, deadLetters: 0 });
    });
  }
});
