import { afterEach, describe, expect, it } from 'vitest';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { storeBackends } from '../../testing/store-backends.js';
import type { TestDatabase } from '../../testing/store-backends.js';
import { openLangGraphRuntime } from './open-runtime.js';
import { pruneCheckpoints } from './prune-checkpoints.js';

/** Checkpoints of the thread's root graph (sub-agents keep their own namespaces, pruned alike). */
async function countCheckpoints(saver: BaseCheckpointSaver, threadId: string): Promise<number> {
  let n = 0;
  for await (const tuple of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: '' } })) n += tuple.checkpoint.id ? 1 : 0;
  return n;
}

for (const backend of storeBackends()) {
  describe(`pruneCheckpoints: ${backend.name}`, { timeout: 120_000 }, () => {
    let db: TestDatabase | undefined;
    afterEach(async () => {
      await db?.cleanup();
      db = undefined;
    });

    it('keeps the newest n checkpoints per thread, leaves protected threads alone, and a pruned paused run still resumes', async () => {
      db = await backend.fresh();
      // A checkpoint per step (not only at exit), so that every thread has history to prune.
      const opened = await openLangGraphRuntime({ dbPath: db.location, offline: true, durability: 'async' });
      try {
        await opened.ask({ input: 'Де посилка TTN-000001?', threadId: 'busy' });
        await opened.ask({ input: 'Скільки коштує доставка 2 кг з Києва до Львова?', threadId: 'busy' });
        await opened.ask({ input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', threadId: 'paused' });
        await opened.ask({ input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн', threadId: 'guarded' });
        const busy = await countCheckpoints(opened.checkpointer, 'busy');
        const guarded = await countCheckpoints(opened.checkpointer, 'guarded');
        expect(busy).toBeGreaterThan(2);
        expect(await pruneCheckpoints(db.location, { keepLatest: 1, protectedThreads: new Set(['guarded']) })).toBeGreaterThan(busy - 2);
        expect(await countCheckpoints(opened.checkpointer, 'busy')).toBe(1);
        expect(await countCheckpoints(opened.checkpointer, 'paused')).toBe(1);
        expect(await countCheckpoints(opened.checkpointer, 'guarded')).toBe(guarded);
        expect((await opened.state('paused')).status).toBe('awaiting_approval');
        const decided = await opened.decide('paused', { type: 'approve', by: 'operator' });
        expect(decided.status).toBe('finished');
        expect((await opened.domain.getShipment('TTN-000012'))?.status).toBe('cancelled');
        expect((await opened.ask({ input: 'Де посилка TTN-000002?', threadId: 'busy' })).status).toBe('finished');
        expect(await pruneCheckpoints(db.location, { keepLatest: 1 })).toBeGreaterThan(0);
        expect(await countCheckpoints(opened.checkpointer, 'guarded')).toBe(1);
        expect((await opened.decide('guarded', { type: 'reject', by: 'operator', reason: 'no' })).stop_reason).toBe('approval_rejected');
      } finally {
        await opened.close();
      }
      await expect(pruneCheckpoints(db.location, { keepLatest: 0 })).rejects.toThrow(RangeError);
    });
  });
}
