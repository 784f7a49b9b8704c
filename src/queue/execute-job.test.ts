import { describe, expect, it } from 'vitest';
import { DecisionError } from '../runtimes/index.js';
import { sampleRunRecord } from '../telemetry/sample-run-record.js';
import type { RunRecord } from '../telemetry/index.js';
import { executeJob, type JobRuntime } from './execute-job.js';

function fakeRuntime(stored: RunRecord[], overrides: Partial<JobRuntime> = {}): JobRuntime & { asked: string[] } {
  const asked: string[] = [];
  const runtime = {
    asked,
    ask: async (request: { input: string; runId?: string; threadId?: string }) => {
      asked.push(request.input);
      return { ...sampleRunRecord(), run_id: request.runId ?? 'new', thread_id: request.threadId ?? 't' };
    },
    recover: async () => [],
    runs: {
      getRun: async (id: string) => stored.find((r) => r.run_id === id),
      latestRunForThread: async (thread: string) => stored.filter((r) => r.thread_id === thread).at(-1),
    },
    ...overrides,
  };
  return runtime as unknown as JobRuntime & { asked: string[] };
}

const RUN = { kind: 'run', runId: 'run-1', threadId: 'thread-1', tenant: 'default', input: 'Де TTN-000001?' } as const;
const RESUME = { kind: 'resume', threadId: 'thread-1', tenant: 'default', approvalId: 'apr-1' } as const;

describe('executeJob', () => {
  it('runs a run job under its run id', async () => {
    const runtime = fakeRuntime([]);
    const outcome = await executeJob(runtime, RUN);
    expect(outcome).toMatchObject({ kind: 'record', replayed: false, record: { run_id: 'run-1', thread_id: 'thread-1' } });
    expect(runtime.asked).toEqual(['Де TTN-000001?']);
  });

  it('does not run again a run whose record an earlier attempt saved', async () => {
    const saved = { ...sampleRunRecord(), run_id: 'run-1', thread_id: 'thread-1' };
    const runtime = fakeRuntime([saved]);
    expect(await executeJob(runtime, RUN)).toEqual({ kind: 'record', record: saved, replayed: true });
    expect(runtime.asked).toEqual([]);
  });

  it('asks the runtime without looking the record up on a first attempt (ask itself returns a run id that already ran)', async () => {
    const looked: string[] = [];
    const runtime = fakeRuntime([]);
    const counting = { ...runtime, runs: { ...runtime.runs, getRun: async (id: string) => void looked.push(id) } } as unknown as JobRuntime;
    expect(await executeJob(counting, RUN, { firstAttempt: true })).toMatchObject({ kind: 'record', replayed: false, record: { run_id: 'run-1' } });
    expect(looked).toEqual([]);
    await executeJob(counting, RUN);
    expect(looked).toEqual(['run-1']);
  });

  it('turns a refusal of the runtime into a final outcome, not a retry', async () => {
    const runtime = fakeRuntime([], { ask: async () => { throw new DecisionError('thread_awaiting_approval', 'decide it first'); } });
    expect(await executeJob(runtime, RUN)).toEqual({ kind: 'refused', code: 'thread_awaiting_approval', message: 'decide it first' });
  });

  it('rethrows anything else so the queue retries it', async () => {
    const runtime = fakeRuntime([], { ask: async () => { throw new Error('connection reset'); } });
    await expect(executeJob(runtime, RUN)).rejects.toThrow('connection reset');
  });

  it('retries later, not settles, a thread another live process holds', async () => {
    const runtime = fakeRuntime([], { ask: async () => { throw new DecisionError('thread_busy', 'a run in flight'); } });
    await expect(executeJob(runtime, RUN)).rejects.toThrow('a run in flight');
    const resuming = fakeRuntime([], { recover: async () => { throw new DecisionError('already_decided', 'being applied'); } });
    await expect(executeJob(resuming, RESUME)).rejects.toThrow('being applied');
  });

  it('resumes through recover and returns the resumed run', async () => {
    const recovered = { ...sampleRunRecord(), run_id: 'run-3', thread_id: 'thread-1' };
    const runtime = fakeRuntime([], { recover: async () => [recovered] });
    expect(await executeJob(runtime, RESUME)).toEqual({ kind: 'record', record: recovered, replayed: false });
  });

  it('reads the result of a resume an earlier attempt finished', async () => {
    const resumed = { ...sampleRunRecord(), run_id: 'run-2', thread_id: 'thread-1', status: 'finished' as const };
    expect(await executeJob(fakeRuntime([resumed]), RESUME)).toEqual({ kind: 'record', record: resumed, replayed: true });
    expect(await executeJob(fakeRuntime([]), RESUME)).toMatchObject({ kind: 'refused', code: 'nothing_pending' });
  });
});
