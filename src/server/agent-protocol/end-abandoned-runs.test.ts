import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../mcp/stderr-logger.js';
import type { RunRecord } from '../../telemetry/index.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { LiveRuns } from './live-runs.js';
import { openProtocolStore } from './open-protocol-store.js';
import { endAbandonedProtocolRuns } from './protocol-job-runtime.js';
import { startEvents } from './protocol-run-events.js';
import type { ProtocolRunRow, ProtocolStore } from './protocol-store.js';
import { readProtocolRun } from './read-protocol-run.js';
import { humanMessage } from './protocol-values.js';

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
    const runs = { getRun: async () => undefined, latestRunForThread: async (threadId: string) => kernel[threadId] as RunRecord | undefined };
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
});
