import { expect, it } from 'vitest';
import { storeConformance } from '../../testing/store-conformance.js';
import type { StoredPause } from './pause-store.js';
import { openPauseStore } from './pause-store.js';

const pause = (threadId: string, overrides: Partial<StoredPause> = {}): StoredPause => ({
  threadId,
  runId: `run-${threadId}`,
  requestId: 'req-1',
  tenant: 'default',
  trustedText: 'Скасуй TTN-000004',
  pending: { agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 } },
  runState: '{"$schemaVersion":"1.0"}',
  createdAt: '2026-11-30T12:00:00.000Z',
  ...overrides,
});

/** The PauseStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('PauseStore', openPauseStore, ({ open, exec }) => {
  it('keeps one pause per thread that another connection reads back, replaces it, and deletes it', async () => {
    const writer = await open();
    const reader = await open();
    await writer.save(pause('t1'));
    expect(await reader.get('t1')).toEqual(pause('t1'));
    await writer.save(pause('t1', { runId: 'run-2' }));
    expect((await reader.get('t1'))?.runId).toBe('run-2');
    expect(await reader.get('t2')).toBeUndefined();
    await reader.delete('t1');
    expect(await writer.get('t1')).toBeUndefined();
  });

  it('names the thread when a stored pause cannot be read back', async () => {
    const store = await open();
    await store.save(pause('bad'));
    await exec("UPDATE openai_agents_pauses SET pending = '{\"tool\":1}' WHERE thread_id = 'bad'");
    await expect(store.get('bad')).rejects.toThrow(/the pause of thread bad is unreadable/);
    await exec("UPDATE openai_agents_pauses SET format_version = 9 WHERE thread_id = 'bad'");
    await expect(store.get('bad')).rejects.toThrow(/has format 9/);
  });
});
