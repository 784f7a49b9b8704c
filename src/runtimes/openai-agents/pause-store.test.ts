import { afterEach, describe, expect, it } from 'vitest';
import { storeBackends } from '../../testing/store-backends.js';
import type { TestDatabase } from '../../testing/store-backends.js';
import type { PauseStore, StoredPause } from './pause-store.js';
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

for (const backend of storeBackends()) {
  describe(`PauseStore conformance: ${backend.name}`, { timeout: 60_000 }, () => {
    let db: TestDatabase | undefined;
    const stores: PauseStore[] = [];
    afterEach(async () => {
      for (const store of stores.splice(0)) await store.close();
      await db?.cleanup();
      db = undefined;
    });
    const open = async (): Promise<PauseStore> => {
      db ??= await backend.fresh();
      const store = await openPauseStore(db.location);
      stores.push(store);
      return store;
    };

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
      await db?.exec("UPDATE openai_agents_pauses SET pending = '{\"tool\":1}' WHERE thread_id = 'bad'");
      await expect(store.get('bad')).rejects.toThrow(/the pause of thread bad is unreadable/);
      await db?.exec("UPDATE openai_agents_pauses SET format_version = 9 WHERE thread_id = 'bad'");
      await expect(store.get('bad')).rejects.toThrow(/has format 9/);
    });
  });
}
