import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, Checkpoint } from '@langchain/langgraph';
import { emptyCheckpoint, MemorySaver } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresSchemaOf } from '../../storage/index.js';
import { storeBackends } from '../../testing/store-backends.js';
import type { StoreBackend, TestDatabase } from '../../testing/store-backends.js';
import { compressedSerde, FRAMED_JSON_TYPE, framedJsonText } from './compressed-serde.js';
import { openCheckpointer } from './open-checkpointer.js';

const LONG = 'Посилка TTN-000001 (Київ → Львів): в дорозі. Остання подія: 2026-11-28 Київ. '.repeat(8);

function checkpointOf(messages: BaseMessage[], step: number): Checkpoint {
  const checkpoint = emptyCheckpoint();
  return { ...checkpoint, id: `1f1f0000-0000-6000-8000-00000000000${step}`, channel_values: { messages }, channel_versions: { messages: step } };
}

const conversation = (): BaseMessage[] => [
  new HumanMessage({ content: 'Де зараз посилка TTN-000001?', id: 'h1' }),
  new AIMessage({ content: '', id: 'a1', tool_calls: [{ id: 'call_0', name: 'tracking_agent', args: { request: 'TTN-000001' }, type: 'tool_call' }] }),
  new ToolMessage({ content: LONG, tool_call_id: 'call_0', name: 'tracking_agent', id: 't1' }),
  new AIMessage({ content: LONG, id: 'a2' }),
];

const config = (thread: string, parent?: string) => ({ configurable: { thread_id: thread, checkpoint_ns: '', ...(parent && { checkpoint_id: parent }) } });
const metadata = (step: number) => ({ source: 'loop' as const, step, parents: {} });

// What the message list read back says, without LangChain's per-instance fields.
const shape = (messages: unknown) => (messages as BaseMessage[]).map((m) => ({ type: m.getType(), content: m.content, id: m.id }));

/** LangGraph's saver with its default serializer: what Waybill wrote before issue 36, and what the plain build writes. */
function defaultSaver(backend: StoreBackend['name'], location: string): { saver: BaseCheckpointSaver; close(): Promise<void> } {
  if (backend === 'sqlite') {
    const saver = SqliteSaver.fromConnString(location);
    return { saver, close: async () => void saver.db.close() };
  }
  const pool = new pg.Pool({ connectionString: location, max: 1 });
  return { saver: new PostgresSaver(pool, undefined, { schema: postgresSchemaOf(location) }), close: () => pool.end() };
}

/** The stored rows, as the database holds them: SQLite's checkpoints and writes, PostgreSQL's blobs and writes. */
async function storedRows(backend: StoreBackend['name'], location: string): Promise<Array<{ kind: string; type: string; bytes: Buffer }>> {
  if (backend === 'sqlite') {
    const db = new Database(location, { readonly: true });
    try {
      const checkpoints = db.prepare('SELECT type, checkpoint AS bytes FROM checkpoints ORDER BY checkpoint_id').all() as Array<{ type: string; bytes: Buffer }>;
      const writes = db.prepare('SELECT type, value AS bytes FROM writes ORDER BY checkpoint_id, idx').all() as Array<{ type: string; bytes: Buffer }>;
      return [...checkpoints.map((r) => ({ kind: 'checkpoint', ...r })), ...writes.map((r) => ({ kind: 'write', ...r }))];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const blobs = await client.query<{ type: string; bytes: Buffer }>("SELECT type, blob AS bytes FROM checkpoint_blobs WHERE channel = 'messages' ORDER BY version");
    const writes = await client.query<{ type: string; bytes: Buffer }>('SELECT type, blob AS bytes FROM checkpoint_writes ORDER BY checkpoint_id, idx');
    return [...blobs.rows.map((r) => ({ kind: 'checkpoint', ...r })), ...writes.rows.map((r) => ({ kind: 'write', ...r }))];
  } finally {
    await client.end();
  }
}

const isFrame = (bytes: Buffer) => bytes[0] === 0 && bytes[1] === 1;

for (const backend of storeBackends()) {
  describe(`compressed checkpoints: ${backend.name}`, { timeout: 60_000 }, () => {
    let db: TestDatabase | undefined;
    afterEach(async () => {
      await db?.cleanup();
      db = undefined;
    });

    it('stores a checkpoint deflated, smaller than LangGraph’s JSON of it, and reads it back whole', async () => {
      db = await backend.fresh();
      const opened = await openCheckpointer(db.location);
      try {
        await opened.saver.put(config('t'), checkpointOf(conversation(), 1), metadata(1), { messages: 1 });
        const tuple = await opened.saver.getTuple(config('t'));
        expect(shape(tuple?.checkpoint.channel_values.messages)).toEqual(shape(conversation()));
        expect(tuple?.checkpoint.channel_values.messages).toSatisfy((m: unknown[]) => m[2] instanceof ToolMessage && m[1] instanceof AIMessage);
        expect(tuple?.metadata).toMatchObject(metadata(1));
      } finally {
        await opened.close();
      }
      const [stored] = await storedRows(backend.name, db.location);
      const bytes = stored?.bytes ?? Buffer.alloc(0);
      expect(stored?.type).toBe(FRAMED_JSON_TYPE);
      expect(isFrame(bytes)).toBe(true);
      const json = framedJsonText(bytes);
      expect(json).toContain('Посилка TTN-000001');
      expect(bytes.length).toBeLessThan(Buffer.byteLength(json) / 2);
    });

    it('reads a thread LangGraph’s own serializer wrote (as Waybill did before), pending writes included, and goes on compressed', async () => {
      db = await backend.fresh();
      const opened = await openCheckpointer(db.location);
      const old = defaultSaver(backend.name, db.location);
      try {
        const written = await old.saver.put(config('t'), checkpointOf(conversation(), 1), metadata(1), { messages: 1 });
        await old.saver.putWrites(written, [['messages', [new ToolMessage({ content: LONG, tool_call_id: 'call_9', id: 't9' })]]], 'task-1');
        const tuple = await opened.saver.getTuple(config('t'));
        expect(shape(tuple?.checkpoint.channel_values.messages)).toEqual(shape(conversation()));
        expect(tuple?.pendingWrites?.map(([task, channel, value]) => [task, channel, shape(value)])).toEqual([['task-1', 'messages', [{ type: 'tool', content: LONG, id: 't9' }]]]);
        await opened.saver.put(config('t', tuple?.checkpoint.id), checkpointOf([...conversation(), new HumanMessage({ content: 'і ще', id: 'h2' })], 2), metadata(2), { messages: 2 });
        const listed: string[] = [];
        for await (const t of opened.saver.list(config('t'), { filter: { source: 'loop' } })) listed.push(`${String(t.metadata?.step)}:${(t.checkpoint.channel_values.messages as unknown[]).length}`);
        expect(listed).toEqual(['2:5', '1:4']);
      } finally {
        await old.close();
        await opened.close();
      }
      const checkpoints = (await storedRows(backend.name, db.location)).filter((r) => r.kind === 'checkpoint');
      expect(checkpoints.map((r) => [r.type, isFrame(r.bytes)])).toEqual([
        ['json', false],
        [FRAMED_JSON_TYPE, true],
      ]);
    });

    it('round-trips a large pending write; SQLite keeps writes as JSON text, which it reads back through its JSON functions', async () => {
      db = await backend.fresh();
      const opened = await openCheckpointer(db.location);
      try {
        const written = await opened.saver.put(config('t'), checkpointOf(conversation(), 1), metadata(1), { messages: 1 });
        await opened.saver.putWrites(written, [['messages', conversation()]], 'task-1');
        const tuple = await opened.saver.getTuple(config('t'));
        expect(tuple?.pendingWrites?.map(([, , value]) => shape(value))).toEqual([shape(conversation())]);
      } finally {
        await opened.close();
      }
      const [write] = (await storedRows(backend.name, db.location)).filter((r) => r.kind === 'write');
      expect(write?.type).toBe(FRAMED_JSON_TYPE);
      expect(write && isFrame(write.bytes)).toBe(backend.name === 'postgres');
    });
  });
}

describe('the framed JSON format', () => {
  const serde = compressedSerde(new MemorySaver().serde, 'checkpoint', 'test.db');

  it('leaves a value under 256 bytes, and anything but a checkpoint, as plain JSON', async () => {
    const small = checkpointOf([], 1);
    const [type, bytes] = await serde.dumpsTyped(small);
    expect([type, bytes[0]]).toEqual([FRAMED_JSON_TYPE, '{'.charCodeAt(0)]);
    const [, write] = await serde.dumpsTyped(conversation());
    expect(write[0]).toBe('['.charCodeAt(0));
    expect(await serde.loadsTyped(type, bytes)).toEqual(small);
    expect(await serde.dumpsTyped(new Uint8Array([0, 1, 2]))).toEqual(['bytes', new Uint8Array([0, 1, 2])]);
  });

  it('refuses a frame of an unknown method, a frame that does not inflate, and a frame that came back as text', async () => {
    const [type, bytes] = await serde.dumpsTyped(checkpointOf(conversation(), 1));
    expect(isFrame(Buffer.from(bytes))).toBe(true);
    const newer = Buffer.from(bytes);
    newer[1] = 2;
    await expect(serde.loadsTyped(type, newer)).rejects.toMatchObject({ code: 'store_version_unsupported', location: 'test.db' });
    await expect(serde.loadsTyped(type, Buffer.from([0, 1, 0xff, 0xff, 0xff]))).rejects.toMatchObject({ code: 'store_corrupt' });
    await expect(serde.loadsTyped(type, Buffer.from(bytes).toString('latin1'))).rejects.toMatchObject({ code: 'store_corrupt' });
  });
});
