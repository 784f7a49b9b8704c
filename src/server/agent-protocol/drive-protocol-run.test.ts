import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../mcp/stderr-logger.js';
import { leaseLost } from '../../telemetry/run-store-checks.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { driveProtocolRun } from './drive-protocol-run.js';
import { LiveRuns } from './live-runs.js';
import { openProtocolStore } from './open-protocol-store.js';
import { startEvents } from './protocol-run-events.js';
import type { ProtocolStore } from './protocol-store.js';
import { humanMessage } from './protocol-values.js';

describe('a protocol run whose kernel run fails', () => {
  const temp = makeTempDir();
  let store: ProtocolStore | undefined;
  afterEach(async () => {
    await store?.close();
    temp.cleanup();
  });

  const started = async (threadId: string) => {
    store = store ?? (await openProtocolStore(join(temp.dir, 'waybill.db')));
    const runId = `run-${threadId}`;
    await store.createThread({ threadId, tenant: 'acme', metadata: {} });
    await store.createRun({ runId, threadId, assistantId: 'langgraph', metadata: {}, taken: false, streamModes: ['values'], events: startEvents({ runId, threadId }, [humanMessage(runId, 'Де TTN-000001?')]) });
    return { runId, threadId };
  };

  it('is ended with the error, or left for the sweep when another process took the kernel run over (its record is the end)', async () => {
    const failed = await started('failed');
    const taken = await started('taken');
    const runner = { store: store as ProtocolStore, live: new LiveRuns(), log: silentLogger };
    await expect(driveProtocolRun(runner, failed, async () => Promise.reject(new Error('the model endpoint is gone')))).rejects.toThrow('the model endpoint is gone');
    await expect(driveProtocolRun(runner, taken, async () => Promise.reject(leaseLost(taken.runId)))).rejects.toMatchObject({ code: 'lease_lost' });
    const last = async (runId: string) => (await store?.listEvents(runId, 0, 50))?.at(-1);
    expect(await last(failed.runId)).toMatchObject({ event: 'error', data: { message: 'the model endpoint is gone' } });
    expect(await store?.activeRun('failed')).toBeUndefined();
    expect(await last(taken.runId)).not.toMatchObject({ event: 'error' });
    expect(await store?.activeRun('taken')).toMatchObject({ run_id: taken.runId });
  });
});
