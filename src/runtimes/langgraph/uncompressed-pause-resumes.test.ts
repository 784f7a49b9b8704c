import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { CheckpointTuple, PendingWrite } from '@langchain/langgraph-checkpoint';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresSchemaOf } from '../../storage/index.js';
import { storeBackends } from '../../testing/store-backends.js';
import type { StoreBackend, TestDatabase } from '../../testing/store-backends.js';
import { openLangGraphRuntime } from './open-runtime.js';

/** LangGraph's saver with its default serializer, as Waybill opened it before its checkpoints were compressed. */
function defaultSaver(backend: StoreBackend['name'], location: string): { saver: BaseCheckpointSaver; close(): Promise<void> } {
  if (backend === 'sqlite') {
    const saver = SqliteSaver.fromConnString(location);
    return { saver, close: async () => void saver.db.close() };
  }
  const pool = new pg.Pool({ connectionString: location, max: 1 });
  return { saver: new PostgresSaver(pool, undefined, { schema: postgresSchemaOf(location) }), close: () => pool.end() };
}

const WIPE = {
  sqlite: 'DELETE FROM writes; DELETE FROM checkpoints;',
  postgres: 'DELETE FROM checkpoint_writes; DELETE FROM checkpoint_blobs; DELETE FROM checkpoints;',
};

/** The serializer types of every stored checkpoint (SQLite) or channel blob (PostgreSQL), by count. */
async function storedTypes(backend: StoreBackend['name'], location: string): Promise<Record<string, number>> {
  const counted = (rows: Array<{ type: string; n: number | string }>) => Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
  if (backend === 'sqlite') {
    const db = new Database(location, { readonly: true });
    try {
      return counted(db.prepare('SELECT type, count(*) AS n FROM checkpoints GROUP BY type').all() as Array<{ type: string; n: number }>);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    return counted((await client.query<{ type: string; n: string }>("SELECT type, count(*) AS n FROM checkpoint_blobs WHERE type <> 'empty' GROUP BY type")).rows);
  } finally {
    await client.end();
  }
}

/** Writes every checkpoint and pending write again as the code before compression did: LangGraph's own JSON. */
async function rewriteUncompressed(backend: StoreBackend['name'], db: TestDatabase, from: BaseCheckpointSaver): Promise<number> {
  const tuples: CheckpointTuple[] = [];
  for await (const tuple of from.list({})) tuples.push(tuple);
  await db.exec(WIPE[backend]);
  const old = defaultSaver(backend, db.location);
  try {
    for (const tuple of tuples.reverse()) {
      const { thread_id, checkpoint_ns = '' } = tuple.config.configurable ?? {};
      const parent = tuple.parentConfig?.configurable?.checkpoint_id;
      await old.saver.put({ configurable: { thread_id, checkpoint_ns, ...(parent && { checkpoint_id: parent }) } }, tuple.checkpoint, tuple.metadata ?? { source: 'update', step: -1, parents: {} }, tuple.checkpoint.channel_versions);
      const byTask = new Map<string, PendingWrite[]>();
      for (const [task, channel, value] of tuple.pendingWrites ?? []) byTask.set(task, [...(byTask.get(task) ?? []), [channel, value]]);
      for (const [task, writes] of byTask) await old.saver.putWrites(tuple.config, writes, task);
    }
  } finally {
    await old.close();
  }
  return tuples.length;
}

for (const backend of storeBackends()) {
  describe(`a pause checkpointed uncompressed: ${backend.name}`, { timeout: 120_000 }, () => {
    let db: TestDatabase | undefined;
    afterEach(async () => {
      await db?.cleanup();
      db = undefined;
    });

    it('is approved and finishes after an upgrade to compressed checkpoints', async () => {
      db = await backend.fresh();
      const opened = await openLangGraphRuntime({ dbPath: db.location, offline: true });
      try {
        expect((await opened.ask({ input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', threadId: 'paused' })).status).toBe('awaiting_approval');
        expect(Object.keys(await storedTypes(backend.name, db.location))).toContain('zjson');
        expect(await rewriteUncompressed(backend.name, db, opened.checkpointer)).toBeGreaterThan(0);
        expect(Object.keys(await storedTypes(backend.name, db.location))).toEqual(['json']);
        expect((await opened.state('paused')).status).toBe('awaiting_approval');
        expect(await opened.decide('paused', { type: 'approve', by: 'operator' })).toMatchObject({ status: 'finished' });
        expect((await opened.domain.getShipment('TTN-000012'))?.status).toBe('cancelled');
        expect(Object.keys(await storedTypes(backend.name, db.location))).toEqual(expect.arrayContaining(['json', 'zjson']));
      } finally {
        await opened.close();
      }
    });
  });
}
