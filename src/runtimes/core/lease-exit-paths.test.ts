import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import type { FrameworkPort, PausedCall, StepOutcome } from './framework-port.js';
import { openKernel } from './open-kernel.js';
import type { RunKernel } from './run-kernel.js';
import type { RunLedger } from './run-ledger.js';
import { watchRun } from './run-progress.js';
import { leaseOwner } from './run-lease.js';

// Issue 32: a run's lease ends on every exit path (success, error, abort, shutdown), so a process never
// holds, or keeps renewing, the lease of a run it is not executing. Leases here are 1 s (renewed every
// 333 ms), so a renewal that should have stopped shows within the waits below.

const LEASE_MS = 1000;
const cancel = { agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 720 } };
type Step = (run: RunLedger) => Promise<StepOutcome>;

/** Each step runs the next scripted function; pauses are kept as a framework's checkpoint would keep them. */
class StepPort implements FrameworkPort {
  readonly name = 'langgraph';
  readonly modelName = 'scripted';
  readonly steps: Step[] = [];
  readonly pauses = new Map<string, PausedCall>();
  start = (run: RunLedger) => this.#next(run);
  continue = (run: RunLedger) => this.#next(run);
  proceed = (run: RunLedger) => this.#next(run);
  async pending(threadId: string): Promise<PausedCall | undefined> {
    return this.pauses.get(threadId);
  }
  async releasePause(threadId: string): Promise<void> {
    this.pauses.delete(threadId);
  }
  async #next(run: RunLedger): Promise<StepOutcome> {
    const step = this.steps.shift();
    if (!step) return { kind: 'final', text: 'unscripted' };
    const outcome = await step(run);
    if (outcome.kind === 'paused') this.pauses.set(run.init.threadId, { pending: outcome.pending, input: run.init.trustedText, runId: run.init.runId });
    return outcome;
  }
}

const temp = makeTempDir();
const dbPath = join(temp.dir, 'leases.db');
const port = new StepPort();
let kernel: RunKernel;
beforeAll(async () => {
  kernel = await openKernel('langgraph', { dbPath, offline: true, leaseMs: LEASE_MS }, async () => port);
}, 60_000);
afterAll(async () => {
  await kernel.close();
  temp.cleanup();
});

const final = (text: string): Step => async () => ({ kind: 'final', text });
const boom: Step = async () => {
  throw new TypeError('a framework bug outside finishRun');
};
/** The thread's one intent, or undefined; with whether its lease has lapsed (any recoverer may take it). */
const intentOn = async (thread: string) => {
  const intents = await kernel.runs.listIntents(thread);
  expect(intents.length).toBeLessThanOrEqual(1);
  const [intent] = intents;
  return intent && { ...intent, lapsed: intent.leaseUntil <= new Date().toISOString() };
};
/** The lease stays as it is over three renewal periods: nothing renews it. */
const notRenewed = async (thread: string) => {
  const before = await intentOn(thread);
  await sleep(LEASE_MS);
  expect((await intentOn(thread))?.leaseUntil).toBe(before?.leaseUntil);
};

describe('a run’s lease ends on every exit path', () => {
  it('success: the intent goes with the record, and nothing renews it afterwards', async () => {
    port.steps.push(final('ok'));
    expect(await kernel.ask({ input: 'Де TTN-000001?', threadId: 'success' })).toMatchObject({ status: 'finished' });
    expect(await intentOn('success')).toBeUndefined();
  });

  it('a long run keeps its lease while it runs (the renewal works)', async () => {
    let seen: string | undefined;
    port.steps.push(async (run) => {
      const first = await intentOn(run.init.threadId);
      await sleep(LEASE_MS * 1.5);
      seen = (await intentOn(run.init.threadId))?.leaseUntil;
      expect(first?.lapsed).toBe(false);
      expect(seen && first && seen > first.leaseUntil).toBe(true);
      return { kind: 'final', text: 'slow but done' };
    });
    expect(await kernel.ask({ input: 'Де TTN-000001?', threadId: 'long' })).toMatchObject({ status: 'finished' });
    expect(seen).toBeDefined();
  });

  it('error in ask: the lease lapses at once and stays lapsed; the next recovery takes the run without waiting', async () => {
    port.steps.push(boom);
    await expect(kernel.ask({ input: 'Де TTN-000001?', threadId: 'ask-error' })).rejects.toThrow('a framework bug');
    expect(await intentOn('ask-error')).toMatchObject({ kind: 'ask', lapsed: true, attempts: 1 });
    await notRenewed('ask-error');
    port.steps.push(final('finished by recovery'));
    expect(await kernel.recover('ask-error')).toEqual([expect.objectContaining({ status: 'finished', answer: 'finished by recovery' })]);
    expect(await intentOn('ask-error')).toBeUndefined();
  });

  it('error while applying a decision: the resume’s lease lapses at once, and recovery applies it once', async () => {
    port.steps.push(async () => ({ kind: 'paused', pending: cancel, text: '' }));
    expect(await kernel.ask({ input: 'Скасуй TTN-000004, поверни 720 грн', threadId: 'decide-error' })).toMatchObject({ status: 'awaiting_approval' });
    port.steps.push(boom);
    await expect(kernel.decide('decide-error', { type: 'reject', by: 'op', reason: 'no' })).rejects.toThrow('a framework bug');
    expect(await intentOn('decide-error')).toMatchObject({ kind: 'resume', lapsed: true });
    await notRenewed('decide-error');
    port.steps.push(final('not cancelled'));
    expect(await kernel.recover('decide-error')).toEqual([expect.objectContaining({ stop_reason: 'approval_rejected' })]);
  });

  it('error in a recovery: the recoverer’s lease lapses too, and the attempt is counted', async () => {
    port.steps.push(boom);
    await expect(kernel.ask({ input: 'Де TTN-000001?', threadId: 'recover-error' })).rejects.toThrow();
    port.steps.push(boom);
    await expect(kernel.recover('recover-error')).rejects.toThrow('a framework bug');
    expect(await intentOn('recover-error')).toMatchObject({ lapsed: true, attempts: 2 });
    await notRenewed('recover-error');
  });

  it('a record that cannot be saved: the lease lapses, the intent stays for recovery', async () => {
    const runs = kernel.runs;
    const save = runs.saveFinishedRun.bind(runs);
    runs.saveFinishedRun = async () => {
      throw new Error('disk full');
    };
    try {
      port.steps.push(final('answer'));
      await expect(kernel.ask({ input: 'Де TTN-000001?', threadId: 'save-error' })).rejects.toThrow('disk full');
    } finally {
      runs.saveFinishedRun = save;
    }
    expect(await intentOn('save-error')).toMatchObject({ lapsed: true });
    await notRenewed('save-error');
  });

  it('taken over while it ran (it held the run past its lease): its end writes nothing, the taker’s stands', async () => {
    // Taken while this process is still in it, by this very process (its recovery of the run, the
    // hardest case: the owner is the same, only the attempt tells the stale holding apart), which then
    // lets the lease lapse.
    port.steps.push(async (run) => {
      const [held] = await kernel.runs.listIntents(run.init.threadId);
      expect(await kernel.runs.takeIntent(run.init.runId, { seen: { owner: held?.owner ?? '', leaseUntil: held?.leaseUntil ?? '' }, next: { owner: leaseOwner(), leaseUntil: new Date(0).toISOString() } })).toBeDefined();
      // Past a renewal period: the stale holding's renewals must not extend the new one's lease.
      await sleep(LEASE_MS / 2);
      return { kind: 'final', text: 'the stale answer' };
    });
    await expect(kernel.ask({ input: 'Де TTN-000001?', threadId: 'taken' })).rejects.toMatchObject({ name: 'RunStoreError', code: 'lease_lost' });
    const runId = (await intentOn('taken'))?.runId ?? '';
    expect(await intentOn('taken')).toMatchObject({ owner: leaseOwner(), attempts: 2, lapsed: true });
    expect(await kernel.runs.getRun(runId)).toBeUndefined();
    expect(await kernel.runs.listEvents(runId)).toEqual([]);
    port.steps.push(final('finished by the taker'));
    expect(await kernel.recover('taken')).toEqual([expect.objectContaining({ run_id: runId, status: 'finished', answer: 'finished by the taker' })]);
    expect(await intentOn('taken')).toBeUndefined();
    expect((await kernel.runs.listEvents(runId)).filter((e) => e.type === 'run.recovered')).toHaveLength(1);
  });

  it('abort: a run the caller cancels ends stopped, recorded, its intent gone', async () => {
    const controller = new AbortController();
    port.steps.push(async (run) => {
      controller.abort();
      await run.beforeModelCall('supervisor');
      return { kind: 'final', text: '' };
    });
    const record = await watchRun({ signal: controller.signal }, () => kernel.ask({ input: 'Де TTN-000001?', threadId: 'abort' }));
    expect(record).toMatchObject({ status: 'stopped', stop_reason: 'operator_kill' });
    expect(await intentOn('abort')).toBeUndefined();
  });

  it('shutdown: closing the kernel under a run in flight leaves no renewing lease; another process takes the run', async () => {
    const ownPort = new StepPort();
    const closing = await openKernel('langgraph', { dbPath, offline: true, leaseMs: LEASE_MS }, async () => ownPort);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    ownPort.steps.push(async () => {
      await gate;
      return { kind: 'final', text: 'too late' };
    });
    const asked = closing.ask({ input: 'Де TTN-000001?', threadId: 'shutdown' });
    while (!(await intentOn('shutdown'))) await sleep(20);
    await closing.close();
    release();
    await expect(asked).rejects.toThrow();
    await sleep(LEASE_MS * 1.2);
    expect(await intentOn('shutdown')).toMatchObject({ lapsed: true });
    await notRenewed('shutdown');
    port.steps.push(final('finished by another process'));
    expect(await kernel.recover('shutdown')).toEqual([expect.objectContaining({ status: 'finished' })]);
  });
});
