import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../mcp/stderr-logger.js';
import type { FrameworkPort, RunKernel, StepOutcome } from '../runtimes/core/index.js';
import { openKernel } from '../runtimes/core/index.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import { openJobQueue, type JobQueue } from './job-queue.js';
import { queueSchemaFor, queueSettingsFromEnv } from './queue-settings.js';
import { createQueueTestSchema } from './queue-test-schema.js';
import { startQueueWorker } from './queue-worker.js';
import type { TenantSlots } from './tenant-slots.js';

// Issue 32: a worker never holds a lease for a run it is not executing. A job whose run fails on its
// last attempt is dead-lettered saying why, and neither the job, its tenant slot nor the run's lease
// stays held by the worker: the thread is free for the next job or recovery.

const baseUrl = testPostgresUrl();

/** A framework whose steps are scripted: an Error is thrown (a bug outside finishRun), an outcome returned. */
function scriptedPort(script: Array<StepOutcome | Error>): FrameworkPort {
  const next = async (): Promise<StepOutcome> => {
    const step = script.shift() ?? { kind: 'final', text: 'unscripted' };
    if (step instanceof Error) throw step;
    return step;
  };
  return { name: 'langgraph', modelName: 'scripted', start: next, continue: next };
}

/** Tenant slots that count what is held, so a test sees none left behind. */
function countingSlots(): TenantSlots & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    acquire: async (_tenant: string, jobId: string) => {
      held.add(jobId);
      return true;
    },
    renew: async () => undefined,
    release: async (jobId: string) => {
      held.delete(jobId);
    },
    close: async () => undefined,
  } as unknown as TenantSlots & { held: Set<string> };
}

function capturingLogger(): Logger & { lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> } {
  const lines: Array<{ level: string; message: string; fields: Record<string, unknown> }> = [];
  const at = (level: string) => (message: string, fields: Record<string, unknown> = {}) => void lines.push({ level, message, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe.runIf(baseUrl)('the queue worker and run leases on PostgreSQL', { timeout: 90_000 }, () => {
  let schema: TestSchema | undefined;
  let queue: JobQueue | undefined;
  let kernel: RunKernel | undefined;
  afterEach(async () => {
    await queue?.close();
    await kernel?.close();
    await schema?.drop();
    queue = undefined;
    kernel = undefined;
    schema = undefined;
  });

  const open = async (script: Array<StepOutcome | Error>) => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    kernel = await openKernel('langgraph', { dbPath: schema.url, offline: true, leaseMs: 30_000 }, async () => scriptedPort(script));
    queue = await openJobQueue(schema.url, { settings: queueSettingsFromEnv(schema.url, { WAYBILL_QUEUE_RETRY_LIMIT: '0' }), supervise: true, logger: capturingLogger() });
    return { kernel, queue, url: schema.url };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i += 1) await sleep(100);
    expect(await check()).toBe(true);
  };

  it('a job whose run throws on its last attempt is dead-lettered with why, and the worker holds nothing of it', async () => {
    const { kernel: runtime, queue: q, url } = await open([new TypeError('a framework bug outside finishRun'), { kind: 'final', text: 'finished by recovery' }]);
    const slots = countingSlots();
    const logger = capturingLogger();
    const worker = startQueueWorker({ queue: q, slots, runtime, concurrency: 1, logger });
    try {
      await q.enqueue({ kind: 'run', runId: 'run-dl', threadId: 'thread-dl', tenant: 'default', input: 'Де TTN-000001?' });
      await until(async () => (await q.stats()).deadLetters === 1);
    } finally {
      await worker.stop();
    }
    expect(await q.stats()).toMatchObject({ active: 0, queued: 0, deadLetters: 1 });
    expect(slots.held.size).toBe(0);
    expect(logger.lines.filter((l) => l.message === 'job dead-lettered')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ thread_id: 'thread-dl', run_id: 'run-dl', error: 'a framework bug outside finishRun' }) })]);
    // The failed job keeps why as its output, where an operator reading the queue finds it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ output: { message?: string } }>(`SELECT output FROM ${queueSchemaFor(url)}.job WHERE state = 'failed'`);
      expect(rows.map((r) => r.output.message)).toEqual(['a framework bug outside finishRun']);
    } finally {
      await client.end();
    }
    // The run's lease lapsed when it threw (not after 30 s): any recoverer takes the thread at once.
    const [intent] = await runtime.runs.listIntents('thread-dl');
    expect(intent && intent.leaseUntil <= new Date().toISOString()).toBe(true);
    expect(await runtime.recover('thread-dl')).toEqual([expect.objectContaining({ run_id: 'run-dl', status: 'finished', answer: 'finished by recovery' })]);
  });

  it('a job that succeeds leaves no lease, no slot and no active job', async () => {
    const { kernel: runtime, queue: q } = await open([{ kind: 'final', text: 'ok' }]);
    const slots = countingSlots();
    const logger = capturingLogger();
    const worker = startQueueWorker({ queue: q, slots, runtime, concurrency: 1, logger });
    try {
      await q.enqueue({ kind: 'run', runId: 'run-ok', threadId: 'thread-ok', tenant: 'default', input: 'Де TTN-000001?' });
      await until(async () => logger.lines.some((l) => l.message === 'job done'));
    } finally {
      await worker.stop();
    }
    expect(await q.stats()).toMatchObject({ active: 0, deadLetters: 0 });
    expect(slots.held.size).toBe(0);
    expect(await runtime.runs.listIntents('thread-ok')).toEqual([]);
  });
});
