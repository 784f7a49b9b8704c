import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../mcp/stderr-logger.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import type { JobRuntime } from './execute-job.js';
import { openJobQueue, type JobQueue } from './job-queue.js';
import { startQueueWorker } from './queue-worker.js';
import type { QueueJob } from './queue-jobs.js';
import { queueSettingsFromEnv } from './queue-settings.js';
import { createQueueTestSchema } from './queue-test-schema.js';

const baseUrl = testPostgresUrl();
const run = (runId: string, threadId: string): QueueJob => ({ kind: 'run', runId, threadId, tenant: 'default', input: 'Де TTN-000001?' });

describe.runIf(baseUrl)('the run queue on PostgreSQL', { timeout: 60_000 }, () => {
  let schema: TestSchema | undefined;
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.close();
    await schema?.drop();
    queue = undefined;
    schema = undefined;
  });

  async function open(env: NodeJS.ProcessEnv = {}): Promise<JobQueue> {
    schema = await createQueueTestSchema(baseUrl ?? '');
    queue = await openJobQueue(schema.url, { settings: queueSettingsFromEnv(schema.url, env), supervise: true, logger: silentLogger });
    return queue;
  }

  it('opens from several processes starting at once on a fresh database', async () => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    const url = schema.url;
    const all = await Promise.all([1, 2, 3, 4].map(() => openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), supervise: true, logger: silentLogger })));
    [queue] = all;
    await all[1]?.enqueue(run('r1', 't1'));
    expect((await all[2]?.fetch())?.parsed).toMatchObject({ success: true, job: { runId: 'r1' } });
    for (const other of all.slice(1)) await other.close();
  });

  it('serves tenants fairly: a tenant with a backlog does not hold back another tenant\'s first job', async () => {
    const q = await open();
    const of = (tenant: string, i: number): QueueJob => ({ kind: 'run', runId: `${tenant}-${i}`, threadId: `${tenant}-t${i}`, tenant, input: 'Де TTN-000001?' });
    for (let i = 1; i <= 6; i += 1) await q.enqueue(of('noisy', i));
    await q.enqueue(of('quiet', 1));
    await q.enqueue(of('quiet', 2));
    const order: string[] = [];
    for (let held = await q.fetch(); held; held = await q.fetch()) {
      if (held.parsed.success && held.parsed.job.kind === 'run') order.push(held.parsed.job.runId);
    }
    // The quiet tenant's jobs go before the noisy one's backlog, each behind as many noisy jobs as it has waiting itself.
    expect(order).toEqual(['noisy-1', 'quiet-1', 'noisy-2', 'quiet-2', 'noisy-3', 'noisy-4', 'noisy-5', 'noisy-6']);
  });

  it('hands a job to one taker, with what was queued', async () => {
    const q = await open();
    await q.enqueue(run('r1', 't1'));
    const held = await q.fetch();
    expect(held?.parsed).toEqual({ success: true, job: run('r1', 't1') });
    expect(held?.retryCount).toBe(0);
    expect(await q.fetch()).toBeUndefined();
    expect(await q.stats()).toMatchObject({ queued: 0, active: 1 });
    await q.complete(held?.id ?? '', { status: 'finished' });
    expect(await q.stats()).toMatchObject({ queued: 0, active: 0 });
  });

  it('runs one job per thread at a time: the second waits until the first is done', async () => {
    const q = await open();
    await q.enqueue(run('r1', 'same'));
    await q.enqueue(run('r2', 'same'));
    const first = await q.fetch();
    expect(await q.fetch()).toBeUndefined();
    await q.complete(first?.id ?? '', {});
    const second = await q.fetch();
    expect(second?.parsed).toMatchObject({ success: true, job: { runId: 'r2' } });
  });

  it('gives an expired lease to the next taker, and keeps a renewed one', async () => {
    const q = await open({ WAYBILL_QUEUE_LEASE_SECONDS: '3', WAYBILL_QUEUE_MAINTENANCE_SECONDS: '1', WAYBILL_QUEUE_RETRY_DELAY_SECONDS: '0' });
    await q.enqueue(run('kept', 't-kept'));
    await q.enqueue(run('lost', 't-lost'));
    const kept = await q.fetch();
    const lost = await q.fetch();
    for (let i = 0; i < 5; i += 1) {
      await sleep(1000);
      expect(await q.renewLease(kept?.id ?? '')).toBe(true);
    }
    let again;
    for (let i = 0; i < 20 && !again; i += 1) {
      await sleep(500);
      again = await q.fetch();
    }
    expect(again?.id).toBe(lost?.id);
    expect(again?.retryCount).toBe(1);
    expect(await q.renewLease(kept?.id ?? '')).toBe(true);
  });

  it('dead-letters a job that failed its last retry', async () => {
    const q = await open({ WAYBILL_QUEUE_RETRY_LIMIT: '0' });
    await q.enqueue(run('r1', 't1'));
    const held = await q.fetch();
    await q.fail(held?.id ?? '', new Error('model down'));
    expect(await q.fetch()).toBeUndefined();
    expect(await q.stats()).toMatchObject({ queued: 0, active: 0, deadLetters: 1 });
  });

  it('defers a job: the original completes and a copy waits its turn', async () => {
    const q = await open();
    await q.enqueue(run('r1', 't1'));
    const held = await q.fetch();
    if (!held?.parsed.success) throw new Error('no job');
    await q.defer(held.id, held.parsed.job, 1);
    expect(await q.fetch()).toBeUndefined();
    await sleep(1500);
    const copy = await q.fetch();
    expect(copy?.id).not.toBe(held.id);
    expect(copy?.parsed).toEqual(held.parsed);
  });

  it('enqueues inside the caller\'s transaction: a rollback leaves no job', async () => {
    const q = await open();
    await expect(q.inTransaction(async (db) => {
      await q.enqueue(run('r1', 't1'), { db });
      throw new Error('decision refused');
    })).rejects.toThrow('decision refused');
    expect(await q.stats()).toMatchObject({ queued: 0 });
    await q.inTransaction((db) => q.enqueue(run('r2', 't2'), { db }));
    expect(await q.stats()).toMatchObject({ queued: 1 });
  });

  it('wakes an idle worker when a job is queued, without waiting for its next poll', async () => {
    // A 60 s poll: the test's 60 s timeout ends it before a poll could take the job.
    const q = await open({ WAYBILL_QUEUE_POLL_SECONDS: '60' });
    const slots = { acquire: async () => true, renew: async () => undefined, release: async () => undefined, close: async () => undefined };
    const asked: string[] = [];
    let answered: (runId: string) => void = () => undefined;
    const done = new Promise<string>((resolve) => (answered = resolve));
    const runtime = {
      name: 'langgraph',
      ask: async (request: { runId: string; threadId: string }) => {
        asked.push(request.runId);
        answered(request.runId);
        return { run_id: request.runId, thread_id: request.threadId, status: 'finished' };
      },
      recover: async () => [],
      runs: {},
    } as unknown as JobRuntime;
    const worker = startQueueWorker({ queue: q, slots, runtime, concurrency: 2, logger: silentLogger });
    try {
      // Both lanes found the queue empty and went idle; a job queued in a transaction that rolls back wakes nobody.
      while ((await q.stats()).queued > 0 || asked.length > 0) await sleep(50);
      await sleep(300);
      await expect(q.inTransaction(async (db) => {
        await q.enqueue(run('rolled-back', 't0'), { db });
        throw new Error('refused');
      })).rejects.toThrow('refused');
      await q.enqueue(run('r1', 't1'));
      expect(await done).toBe('r1');
      expect(asked).toEqual(['r1']);
    } finally {
      await worker.stop();
    }
  });

  it('keeps each runtime\'s jobs in its own queue, and a worker to its own runtime\'s queue', async () => {
    const langgraph = await open();
    const url = schema?.url ?? '';
    const adk = await openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), runtime: 'adk', logger: silentLogger });
    try {
      expect([langgraph.runtime, adk.runtime]).toEqual(['langgraph', 'adk']);
      await adk.enqueue(run('r-adk', 't1'));
      expect(await langgraph.fetch()).toBeUndefined();
      expect(await langgraph.stats()).toMatchObject({ queued: 0 });
      expect(await adk.stats()).toMatchObject({ queued: 1 });
      expect((await adk.fetch())?.parsed).toMatchObject({ success: true, job: { runId: 'r-adk' } });
      const slots = { acquire: async () => true, renew: async () => undefined, release: async () => undefined, close: async () => undefined };
      const runtime = { name: 'openai-agents', ask: async () => { throw new Error('not called'); }, recover: async () => [], runs: {} } as unknown as JobRuntime;
      expect(() => startQueueWorker({ queue: adk, slots, runtime, concurrency: 1, logger: silentLogger })).toThrow('a openai-agents worker cannot take the adk runtime\'s queue');
    } finally {
      await adk.close();
    }
  });
});
