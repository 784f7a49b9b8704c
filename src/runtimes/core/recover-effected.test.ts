import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../telemetry/index.js';
import type { TestDatabase } from '../../testing/store-backends.js';
import { storeBackends } from '../../testing/store-backends.js';
import { MAX_RUN_ATTEMPTS } from './durable-run.js';
import type { FrameworkPort, PausedCall, StepOutcome } from './framework-port.js';
import { openKernel } from './open-kernel.js';
import { reconcileRun } from './reconcile-run.js';
import type { RunKernel } from './run-kernel.js';
import type { RunLedger } from './run-ledger.js';
import { gateToolCall } from './tool-gate.js';

// Issue 32's case, in-process: ask to cancel, approve, the process resuming the approved pause dies right
// after the cancellation commits, two recoverers die as soon as they take the lease, and the fourth
// process recovers. The domain holds the cancellation, so the record must say it happened.

const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';
const call = { agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 720 } };
/** Points the scripted call at one shipment: each case cancels its own (a shipment is cancelled once). */
const aim = (trackingId: string, refundUah: number) => {
  call.args.tracking_id = trackingId;
  call.args.refund_uah = refundUah;
};
const DEAD = { owner: 'gone-host:1:dead', leaseUntil: '2000-01-01T00:00:00.000Z' };

/** What a SIGKILL leaves a process with: nothing after this point runs. */
class ProcessKilled extends TypeError {}

/**
 * A framework that pauses on the cancellation and, on a decision, makes the call through the kernel's
 * tool gate and the MCP boundary (so the grant is consumed in the effect's transaction); `die` decides
 * where the process running it is killed.
 */
class CancellingPort implements FrameworkPort {
  readonly name = 'langgraph';
  readonly modelName = 'scripted';
  readonly pauses = new Map<string, PausedCall>();
  die: 'after_commit' | 'before_call' | 'never' | 'answer_lost' = 'never';

  async start(run: RunLedger): Promise<StepOutcome> {
    const pending = { ...call, args: { ...call.args } };
    this.pauses.set(run.init.threadId, { pending, input: run.init.trustedText, runId: run.init.runId });
    return { kind: 'paused', pending, text: '' };
  }

  async pending(threadId: string): Promise<PausedCall | undefined> {
    return this.pauses.get(threadId);
  }

  async proceed(run: RunLedger, pause: PausedCall): Promise<StepOutcome> {
    if (this.die === 'before_call') throw new ProcessKilled('killed before the call');
    const boundary = run.init.boundary;
    if (!boundary) throw new Error('no boundary');
    const { agent, tool, args } = pause.pending;
    const execute = (sent: Record<string, unknown>) => boundary.call({ tenant: run.init.tenant, agent, tool, args: sent });
    if (this.die === 'answer_lost') {
      // The call reached the domain and committed, but its answer never came back to the run.
      const grant = run.takeGrant();
      await execute({ ...args, ...(grant && { approval_id: grant }) });
      return { kind: 'stopped', reason: 'tool_timeout:cancel_shipment', detail: 'no answer' };
    }
    const result = await gateToolCall(run, { agent, tool, args }, execute);
    if (this.die === 'after_commit') throw new ProcessKilled('killed right after the cancellation committed');
    return { kind: 'final', text: result.content };
  }

  async releasePause(threadId: string): Promise<void> {
    this.pauses.delete(threadId);
  }
}

describe.each(storeBackends())('recovery reads the effect before it writes the record ($name)', (backend) => {
  let database: TestDatabase;
  let kernel: RunKernel;
  const port = new CancellingPort();
  beforeAll(async () => {
    database = await backend.fresh();
    kernel = await openKernel('langgraph', { dbPath: database.location, offline: true }, async () => port);
  }, 60_000);
  afterAll(async () => {
    await kernel.close();
    await database.cleanup();
  });

  /** A paused cancellation on `thread`, approved by a process that dies where `die` says. */
  const approveAndDie = async (thread: string, die: CancellingPort['die'], trackingId = 'TTN-000004') => {
    aim(trackingId, trackingId === 'TTN-000004' ? 720 : 50);
    const paused = await kernel.ask({ input: CANCEL.replace('TTN-000004', trackingId), threadId: thread });
    expect(paused).toMatchObject({ status: 'awaiting_approval', pending: { approval_id: expect.any(String) } });
    port.die = die;
    await expect(kernel.decide(thread, { type: 'approve', by: 'op' })).rejects.toBeInstanceOf(ProcessKilled);
    port.die = 'never';
    return paused;
  };
  /** Two recoverers that each take the run's lease and die at once (each take counts an attempt). */
  const twoRecoverersDie = async (thread: string) => {
    for (let k = 0; k < 2; k += 1) {
      const [intent] = await kernel.runs.listIntents(thread);
      if (!intent) throw new Error(`no run in flight on ${thread}`);
      expect(await kernel.runs.takeIntent(intent.runId, { seen: { owner: intent.owner, leaseUntil: intent.leaseUntil }, next: DEAD })).toBeDefined();
    }
    const [intent] = await kernel.runs.listIntents(thread);
    expect(intent?.attempts).toBe(MAX_RUN_ATTEMPTS);
  };
  const eventTypes = async (record: RunRecord) => (await kernel.runs.listEvents(record.run_id)).map((event) => event.type);

  it('the fourth recovery records the cancellation the domain holds: finished, its id and refund, no denial', async () => {
    const paused = await approveAndDie('killed-after-commit', 'after_commit');
    expect(await kernel.domain.countCancellations('TTN-000004')).toBe(1);
    await twoRecoverersDie('killed-after-commit');
    const [record] = await kernel.recover('killed-after-commit');
    const approval = await kernel.domain.approvals.get(paused.pending?.approval_id ?? '');
    const cancellationId = approval?.grant?.consumedBy;
    expect(cancellationId).toEqual(expect.any(String));
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish', approval: { decision: 'approve', by: 'op', approval_id: paused.pending?.approval_id } });
    expect(record?.tool_calls).toEqual([expect.objectContaining({ tool: 'cancel_shipment', status: 'ok', effect: { cancellation_id: cancellationId, refund_uah: 720 } })]);
    expect(record?.answer).toContain(cancellationId);
    expect(record?.answer).toContain('720');
    expect(record?.answer).not.toMatch(/надішліть запит ще раз|send it again/);
    const types = await eventTypes(record as RunRecord);
    expect(types).not.toContain('policy.deny');
    expect(types).toEqual(expect.arrayContaining(['run.recovered', 'run.reconciled', 'run.end']));
    const check = await reconcileRun(kernel.domain, record as RunRecord);
    expect(check).toMatchObject({ agrees: true, disagreements: [], effect: { cancellationId, evidence: 'grant' } });
    expect(await kernel.domain.countCancellations('TTN-000004')).toBe(1);
    expect(await kernel.runs.listIntents('killed-after-commit')).toEqual([]);
    expect(await kernel.state('killed-after-commit')).toEqual({ thread_id: 'killed-after-commit', status: 'finished' });
  });

  it('work with no effect yet is still stopped interrupted after three dead processes, and that record agrees too', async () => {
    const paused = await approveAndDie('killed-before-call', 'before_call', 'TTN-000012');
    await twoRecoverersDie('killed-before-call');
    const [record] = await kernel.recover('killed-before-call');
    // It says which decision was never applied: the approval, by whom.
    expect(record).toMatchObject({ status: 'stopped', stop_reason: 'interrupted', approval: { decision: 'approve', by: 'op', approval_id: paused.pending?.approval_id } });
    expect(record?.tool_calls.some((c) => c.tool === 'cancel_shipment' && c.status === 'ok')).toBe(false);
    const check = await reconcileRun(kernel.domain, record as RunRecord, paused.pending?.approval_id);
    expect(check).toMatchObject({ agrees: true });
    expect(check.effect).toBeUndefined();
  });

  it('a resumed run whose call committed but whose answer was lost is recorded from the domain', async () => {
    aim('TTN-000010', 50);
    await kernel.ask({ input: 'Скасуй TTN-000010, клієнт відмовився, поверни 50 грн', threadId: 'answer-lost' });
    port.die = 'answer_lost';
    const record = await kernel.decide('answer-lost', { type: 'approve', by: 'op' });
    port.die = 'never';
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish', tool_calls: [expect.objectContaining({ tool: 'cancel_shipment', status: 'ok', args: expect.objectContaining({ tracking_id: 'TTN-000010' }) })] });
    expect(await eventTypes(record)).toContain('run.reconciled');
    expect(await reconcileRun(kernel.domain, record)).toMatchObject({ agrees: true });
  });

  it('reconcileRun names the contradiction in a record that says "interrupted" while the domain holds the cancellation', async () => {
    const [finished] = (await kernel.runs.listRuns({ status: 'finished' })).runs.filter((r) => r.thread_id === 'killed-after-commit');
    if (!finished) throw new Error('the first case left no record');
    const lying: RunRecord = { ...finished, status: 'stopped', stop_reason: 'interrupted', tool_calls: finished.tool_calls.map((c) => ({ agent: c.agent, tool: c.tool, args: c.args, status: 'denied' as const, duration_ms: 0 })) };
    const check = await reconcileRun(kernel.domain, lying);
    expect(check.agrees).toBe(false);
    expect(check.disagreements.join('\n')).toMatch(/domain holds .* does not say it ran/);
    const inflated: RunRecord = { ...finished, tool_calls: finished.tool_calls.map((c) => ({ ...c, effect: { cancellation_id: c.effect?.cancellation_id ?? '', refund_uah: 7200 } })) };
    expect((await reconcileRun(kernel.domain, inflated)).disagreements.join('\n')).toContain('refund 7200 UAH in the record, 720 UAH in the domain');
  });

  it('a record with no approval is checked call by call against the domain (an automatic approval)', async () => {
    const [finished] = (await kernel.runs.listRuns({ status: 'finished' })).runs.filter((r) => r.thread_id === 'killed-after-commit');
    if (!finished) throw new Error('the first case left no record');
    const auto: RunRecord = { ...finished, approval: undefined, run_id: 'run-auto' };
    expect(await reconcileRun(kernel.domain, auto)).toMatchObject({ agrees: true, agreements: [expect.stringContaining('recorded as done')] });
    const other: RunRecord = { ...auto, tool_calls: [{ ...call, args: { ...call.args, tracking_id: 'TTN-000013' }, status: 'ok', duration_ms: 1 }] };
    expect((await reconcileRun(kernel.domain, other)).disagreements).toEqual(['the record says cancel_shipment ran on TTN-000013 but the domain holds no cancellation of it']);
  });

  it('a rejected approval agrees when nothing was cancelled, and a record claiming a cancellation then disagrees', async () => {
    aim('TTN-000011', 50);
    const paused = await kernel.ask({ input: 'Скасуй TTN-000011, клієнт відмовився, поверни 50 грн', threadId: 'rejected' });
    expect(paused.status).toBe('awaiting_approval');
    const record = await kernel.decide('rejected', { type: 'reject', by: 'op', reason: 'no' });
    expect(record).toMatchObject({ stop_reason: 'approval_rejected', approval: { approval_id: expect.any(String) } });
    expect(await reconcileRun(kernel.domain, record)).toMatchObject({ agrees: true });
    const claimed: RunRecord = { ...record, tool_calls: [{ ...call, status: 'ok', duration_ms: 1 }] };
    expect((await reconcileRun(kernel.domain, claimed)).disagreements.join('\n')).toMatch(/record says .* but approval|no cancellation for approval/);
  });
});
