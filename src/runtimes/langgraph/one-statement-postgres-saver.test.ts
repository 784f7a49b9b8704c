import { AIMessage, HumanMessage } from '@langchain/core/messages';
import type { Checkpoint } from '@langchain/langgraph';
import { emptyCheckpoint } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresSchemaOf } from '../../storage/index.js';
import { createTestSchema, testPostgresUrl } from '../../testing/postgres-test-schema.js';
import { openRunStore } from '../../telemetry/index.js';
import { sampleRunRecord } from '../../telemetry/sample-run-record.js';
import { openCheckpointer } from './open-checkpointer.js';
import { OneStatementPostgresSaver } from './one-statement-postgres-saver.js';

const baseUrl = testPostgresUrl();

const checkpointOf = (step: number, values: Record<string, unknown>, versions: Record<string, number>): Checkpoint => ({
  ...emptyCheckpoint(),
  ts: `2026-12-04T12:00:0${step}.000Z`,
  id: `1f1f0000-0000-6000-8000-00000000000${step}`,
  channel_values: values,
  channel_versions: versions,
});
const config = (thread: string, parent?: string) => ({ configurable: { thread_id: thread, checkpoint_ns: '', ...(parent && { checkpoint_id: parent }) } });
const metadata = (step: number) => ({ source: 'loop' as const, step, parents: {} });

/** The same history of checkpoints: new blobs, a channel gone from the values ("empty"), none new, one written twice. */
async function history(saver: PostgresSaver): Promise<void> {
  const messages = [new HumanMessage({ content: 'Де зараз посилка TTN-000001?', id: 'h1' })];
  await saver.put(config('t'), checkpointOf(1, { messages, goal: 'track' }, { messages: 1, goal: 1 }), metadata(1), { messages: 1, goal: 1 });
  const more = [...messages, new AIMessage({ content: 'В дорозі, Київ → Львів.', id: 'a1' })];
  const second = checkpointOf(2, { messages: more }, { messages: 2, goal: 2 });
  await saver.put(config('t', checkpointOf(1, {}, {}).id), second, metadata(2), { messages: 2, goal: 2 });
  await saver.put(config('t', second.id), checkpointOf(3, { messages: more }, { messages: 2, goal: 2 }), metadata(3), {});
  await saver.put(config('t', second.id), checkpointOf(3, { messages: more }, { messages: 2, goal: 2 }), metadata(4), {});
}

async function rowsOf(client: pg.Client): Promise<unknown> {
  const checkpoints = (await client.query('SELECT thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata FROM checkpoints ORDER BY checkpoint_id')).rows;
  const blobs = (await client.query("SELECT thread_id, checkpoint_ns, channel, version, type, encode(blob, 'hex') AS blob FROM checkpoint_blobs ORDER BY channel, version")).rows;
  return { checkpoints, blobs };
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

describe.runIf(baseUrl)('a checkpoint written in one statement (PostgreSQL)', { timeout: 60_000 }, () => {
  it('leaves the rows the official saver leaves, and reads back the same', async () => {
    const schemas = [await createTestSchema(baseUrl as string), await createTestSchema(baseUrl as string)];
    const pools = schemas.map((s) => new pg.Pool({ connectionString: s.url, max: 2 }));
    const clients = schemas.map((s) => new pg.Client({ connectionString: s.url }));
    try {
      const official = new PostgresSaver(pools[0] as pg.Pool, undefined, { schema: postgresSchemaOf((schemas[0] as { url: string }).url) });
      const ours = new OneStatementPostgresSaver(pools[1] as pg.Pool, undefined, { schema: postgresSchemaOf((schemas[1] as { url: string }).url) });
      await official.setup();
      await ours.setup();
      await history(official);
      await history(ours);
      for (const client of clients) await client.connect();
      const [theirs, mine] = [await rowsOf(clients[0] as pg.Client), await rowsOf(clients[1] as pg.Client)];
      expect((mine as { blobs: unknown[] }).blobs).toHaveLength(4);
      expect(mine).toEqual(theirs);
      const [a, b] = [await official.getTuple(config('t')), await ours.getTuple(config('t'))];
      expect(b?.checkpoint).toEqual(a?.checkpoint);
      expect(b?.metadata).toEqual(a?.metadata);
      expect(b?.parentConfig).toEqual(a?.parentConfig);
      expect(b?.metadata?.step).toBe(4);
    } finally {
      for (const client of clients) await client.end().catch(() => undefined);
      for (const pool of pools) await pool.end();
      for (const schema of schemas) await schema.drop();
    }
  });

  it('holds a thread\'s checkpoints for its run\'s record: written by the record\'s statement, on their own, or not at all', async () => {
    const schemas = [await createTestSchema(baseUrl as string), await createTestSchema(baseUrl as string)];
    const official = new pg.Pool({ connectionString: (schemas[0] as { url: string }).url, max: 2 });
    const reader = new pg.Client({ connectionString: (schemas[1] as { url: string }).url });
    const opened = await openCheckpointer((schemas[1] as { url: string }).url);
    const runs = await openRunStore((schemas[1] as { url: string }).url);
    try {
      const saver = opened.saver as OneStatementPostgresSaver;
      // The official saver with the serializer the opened one deflates with, so the rows compare.
      const theirs = new PostgresSaver(official, saver.serde, { schema: postgresSchemaOf((schemas[0] as { url: string }).url) });
      await theirs.setup();
      await history(theirs);
      await reader.connect();
      const count = async () => Number((await reader.query('SELECT count(*) AS n FROM checkpoints')).rows[0].n);
      // Held, then forgotten (the run threw): nothing written, nothing left to take.
      saver.holdWrites('t');
      await history(saver);
      saver.dropHeldWrites('t');
      expect(saver.takeHeldWrites('t')).toBeUndefined();
      expect(await count()).toBe(0);
      // Held, then carried by the record's one statement: the rows the official saver writes (three
      // checkpoints, one written twice), with the record.
      saver.holdWrites('t');
      await history(saver);
      expect(await count()).toBe(0);
      const held = saver.takeHeldWrites('t');
      expect(held?.count).toBe(3);
      expect(runs.carries?.(held?.write as never)).toBe(true);
      await runs.saveFinishedRun(sampleRunRecord({ run_id: 'run-held', thread_id: 't' }), [], [held?.write as never]);
      expect(await rowsOf(reader)).toEqual(await rowsOf(await connected((schemas[0] as { url: string }).url)));
      expect((await runs.getRun('run-held'))?.thread_id).toBe('t');
      expect(saver.takeHeldWrites('t')).toBeUndefined();
      // Another thread's held checkpoints written on their own (a run store on another database).
      saver.holdWrites('u');
      await saver.put(config('u'), checkpointOf(1, { goal: 'x' }, { goal: 1 }), metadata(1), { goal: 1 });
      await saver.takeHeldWrites('u')?.flush();
      expect((await saver.getTuple(config('u')))?.checkpoint.channel_values).toEqual({ goal: 'x' });
    } finally {
      await reader.end().catch(() => undefined);
      await runs.close();
      await opened.close();
      await official.end();
      for (const schema of schemas) await schema.drop();
    }
  });

  it('reads a checkpoint (the latest, or one by id) through a prepared statement, as the official saver reads it', async () => {
    const schema = await createTestSchema(baseUrl as string);
    // One connection: the statements it prepared are the pool's.
    const pool = new pg.Pool({ connectionString: schema.url, max: 1 });
    try {
      const name = postgresSchemaOf(schema.url);
      const official = new PostgresSaver(pool, undefined, { schema: name });
      const ours = new OneStatementPostgresSaver(pool, undefined, { schema: name });
      await ours.setup();
      await history(ours);
      const prepared = async () => (await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'waybill-checkpoint-%' AND name NOT LIKE 'waybill-checkpoint-put-%' ORDER BY name")).rows.map((r) => r.name.replace(/-[0-9a-f]{16}$/, ''));
      expect(await prepared()).toEqual([]);
      const latest = await ours.getTuple(config('t'));
      const byId = await ours.getTuple(config('t', checkpointOf(1, {}, {}).id));
      expect(await prepared()).toEqual(['waybill-checkpoint-by-id', 'waybill-checkpoint-latest']);
      expect(latest).toEqual(await official.getTuple(config('t')));
      expect(byId).toEqual(await official.getTuple(config('t', checkpointOf(1, {}, {}).id)));
      expect(byId?.metadata?.step).toBe(1);
      expect(await ours.getTuple(config('nobody'))).toBeUndefined();
    } finally {
      await pool.end();
      await schema.drop();
    }
  });
});
