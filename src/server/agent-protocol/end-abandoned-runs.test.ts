import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../mcp/stderr-logger.js';
import type { RunIntent, RunRecord } from '../../telemetry/index.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { LiveRuns } from './live-runs.js';
import { openProtocolStore } from './open-protocol-store.js';
import { endAbandonedProtocolRuns } from './protocol-job-runtime.js';
import { startEvents } from './protocol-run-events.js';
import type { ProtocolRunRow, ProtocolStore } from './protocol-store.js';
import { readProtocolRun } from './read-protocol-run.js';
import { humanMessage } from './protocol-values.js';
import { sampleRunRecord } from '../../telemetry/sample-run-record.js';

const LEASE_MS = 30_000;

describe('the sweep of protocol runs a stopped process left', () => {
  const temp = makeTempDir();
  let store: ProtocolStore | undefined;
  afterEach(async () => {
    await store?.close();
    temp.cleanup();
  });

  it('ends a queued resume whose serve stopped before the decision was recorded, and leaves queued questions and recorded decisions to their workers', async () => {
    const created = new Date('2026-12-01T10:00:00Z');
    store = await openProtocolStore(join(temp.dir, 'waybill.db'), () => created);
    // Three threads, each with a pending run: a resume whose pause still waits (its decision never landed),
    // a question (its job was queued with it), a resume whose decision was recorded (its job was queued with the claim).
    const kernel: Record<string, Pick<RunRecord, 'status'>> = { lost: { status: 'awaiting_approval' }, asked: { status: 'finished' }, decided: { status: 'decided' } };
    for (const thread of Object.keys(kernel)) {
      const runId = `run-${thread}`;
      const messages = thread === 'asked' ? [humanMessage(runId, 'Де TTN-000001?')] : [];
      await store.createThread({ threadId: thread, tenant: 'acme', metadata: {} });
      await store.createRun({ runId, threadId: thread, assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'], events: startEvents({ runId, threadId: thread }, messages) });
    }
    const runs = { getRun: async () => undefined, latestRunForThread: async (threadId: string) => kernel[threadId] as RunRecord | undefined, listIntents: async () => [] };
    const runner = { store, live: new LiveRuns(), log: silentLogger };

    // Within the lease nothing is touched.
    expect(await endAbandonedProtocolRuns(runner, runs, LEASE_MS, () => new Date(created.getTime() + LEASE_MS / 2))).toBe(0);
    expect(await endAbandonedProtocolRuns(runner, runs, LEASE_MS, () => new Date(created.getTime() + 2 * LEASE_MS))).toBe(1);
    const status = async (runId: string) => (await readProtocolRun(runs, (await store?.runRequest(runId)) as ProtocolRunRow)).status;
    expect(await status('run-lost')).toBe('error');
    expect((await store.listEvents('run-lost', 0, 10)).at(-1)).toMatchObject({ event: 'error', data: { error: 'run_abandoned' } });
    expect(await status('run-asked')).toBe('pending');
    expect(await status('run-decided')).toBe('pending');
    // The thread whose resume was lost takes a new run.
    expect(await store.activeRun('lost')).toBeUndefined();
  });
  it('leaves a started run whose kernel run another live process took over until that process records it, then ends it from that record', async () => {
    const created = new Date('2026-12-01T10:00:00Z');
    store = await openProtocolStore(join(temp.dir, 'waybill.db'), () => created);
    for (const thread of ['taken', 'lapsed']) {
      const runId = `run-${thread}`;
      await store.createThread({ threadId: thread, tenant: 'acme', metadata: {} });
      await store.createRun({ runId, threadId: thread, assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'], events: startEvents({ runId, threadId: thread }, [humanMessage(runId, 'Де TTN-000001?')]) });
      // Its driver stamped it and stopped (its end was refused: another process held the kernel run).
      await store.takeRun(runId);
    }
    const sweep = new Date(created.getTime() + 2 * LEASE_MS);
    const records = new Map<string, RunRecord>();
    // run-taken's kernel run is held by a live process; run-lapsed's holder let its lease lapse.
    const intents = [
      { runId: 'run-taken', threadId: 'taken', owner: 'other-host:7:taker', leaseUntil: new Date(sweep.getTime() + LEASE_MS).toISOString() },
      { runId: 'run-lapsed', threadId: 'lapsed', owner: 'other-host:8:gone', leaseUntil: new Date(sweep.getTime() - 1).toISOString() },
    ] as RunIntent[];
    const runs = {
      getRun: async (runId: string) => records.get(runId),
      latestRunForThread: async (threadId: string) => records.get(`run-${threadId}`),
      listIntents: async (threadId?: string) => intents.filter((intent) => intent.threadId === threadId),
    };
    const runner = { store, live: new LiveRuns(), log: silentLogger };
    const status = async (runId: string) => (await readProtocolRun(runs, (await store?.runRequest(runId)) as ProtocolRunRow)).status;
    expect(await endAbandonedProtocolRuns(runner, runs, LEASE_MS, () => sweep)).toBe(1);
    expect(await status('run-lapsed')).toBe('error');
    expect(await status('run-taken')).toBe('running');
    // The taker records the run: the next sweep ends the protocol run with that record.
    records.set('run-taken', sampleRunRecord({ run_id: 'run-taken', thread_id: 'taken', answer: 'the taker’s answer' }));
    intents.splice(0, 1);
    expect(await endAbandonedProtocolRuns(runner, runs, LEASE_MS, () => new Date(sweep.getTime() + LEASE_MS))).toBe(1);
    expect(await status('run-taken')).toBe('success');
    expect(await store.activeRun('taken')).toBeUndefined();
  });
});
