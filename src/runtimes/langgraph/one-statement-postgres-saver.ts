import { createHash } from 'node:crypto';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { ChannelVersions, Checkpoint, CheckpointMetadata, SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import type pg from 'pg';

/**
 * LangGraph's PostgreSQL saver, with a checkpoint written by one statement: its new channel blobs and
 * the checkpoint row in one INSERT with a WITH clause. The official `put` sends BEGIN, one INSERT per
 * blob, the checkpoint's INSERT and COMMIT (seven round trips for a run's checkpoint here, issue 36);
 * one statement is as atomic (it commits whole or not at all) and writes the same rows with the same
 * conflict rules, serialised by the same methods. Reading is the official saver's.
 */
export class OneStatementPostgresSaver extends PostgresSaver {
  readonly #pool: pg.Pool;
  readonly #schema: string;
  /** Prepared statement names are per connection and at most 63 bytes: the schema goes in hashed. */
  readonly #statementTag: string;

  constructor(pool: pg.Pool, serde: SerializerProtocol | undefined, options: { schema: string }) {
    const named = new Map<string, string>();
    super(namingPool(pool, named), serde, options);
    this.#pool = pool;
    this.#schema = options.schema;
    this.#statementTag = createHash('sha256').update(options.schema).digest('hex').slice(0, 16);
    // getTuple's two reads (the latest checkpoint of a thread and namespace, or one by id), as the
    // official saver builds them: a run sends one per graph it invokes (the supervisor's, a worker's),
    // each a large query with subqueries the server parsed and planned every time. Should a later
    // saver build them otherwise, they are merely sent unnamed again.
    const select = (this as unknown as { SQL_STATEMENTS: { SELECT_SQL: string } }).SQL_STATEMENTS.SELECT_SQL;
    named.set(`${select}WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1`, `waybill-checkpoint-latest-${this.#statementTag}`);
    named.set(`${select}WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3`, `waybill-checkpoint-by-id-${this.#statementTag}`);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error('Missing "configurable" field in "config" param');
    const { thread_id: threadId, checkpoint_ns: checkpointNs = '', checkpoint_id: parentId } = config.configurable as { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string };
    const [blobs, serializedMetadata] = await Promise.all([this._dumpBlobs(threadId, checkpointNs, checkpoint.channel_values, newVersions), this._dumpMetadata(metadata)]);
    const values: unknown[] = [threadId, checkpointNs, checkpoint.id, parentId, this._dumpCheckpoint(checkpoint), serializedMetadata];
    const rows = blobs.map(([, , channel, version, type, blob]) => {
      values.push(channel, version, type, blob === undefined ? null : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength));
      const at = values.length - 3;
      return `($1, $2, $${at}, $${at + 1}, $${at + 2}, $${at + 3}::bytea)`;
    });
    const schema = `"${this.#schema}"`;
    const checkpointRow = `INSERT INTO ${schema}.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
      VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;
    const text =
      rows.length === 0
        ? checkpointRow
        : `WITH blobs AS (INSERT INTO ${schema}.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob) VALUES ${rows.join(', ')}
             ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING)
           ${checkpointRow}`;
    // Named per schema and blob count: the server plans each shape once per connection.
    await this.#pool.query({ name: `waybill-checkpoint-put-${this.#statementTag}-${rows.length}`, text, values });
    return { configurable: { thread_id: threadId, checkpoint_ns: checkpointNs, checkpoint_id: checkpoint.id } };
  }
}

/**
 * `pool`, with the plain-text queries `named` lists sent as named (prepared) statements: the official
 * saver sends its reads as text, which the server parses and plans on every call.
 */
function namingPool(pool: pg.Pool, named: ReadonlyMap<string, string>): pg.Pool {
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') {
        // Every argument passed on as given (a callback too); only a listed text becomes { name, text, values }.
        return (config: unknown, ...rest: unknown[]) => {
          const name = typeof config === 'string' ? named.get(config) : undefined;
          const query = target.query.bind(target) as (...args: unknown[]) => unknown;
          return name === undefined ? query(config, ...rest) : query({ name, text: config, values: rest[0] }, ...rest.slice(1));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
