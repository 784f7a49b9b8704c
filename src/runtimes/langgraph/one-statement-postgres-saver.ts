import { createHash } from 'node:crypto';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { ChannelVersions, Checkpoint, CheckpointMetadata, SerializerProtocol } from '@langchain/langgraph-checkpoint';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import type pg from 'pg';
import type { CompanionWrite } from '../../storage/index.js';

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
    const write: CheckpointWrite = {
      key: [threadId, checkpointNs, checkpoint.id],
      row: [parentId, this._dumpCheckpoint(checkpoint), serializedMetadata],
      blobs: blobs.map(([, , channel, version, type, blob]) => [channel, version, type, blob === undefined ? null : Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength)]),
    };
    const held = this.#held.get(threadId);
    if (held) hold(held, write);
    else await this.#write(write);
    return { configurable: { thread_id: threadId, checkpoint_ns: checkpointNs, checkpoint_id: checkpoint.id } };
  }

  /**
   * Holds the checkpoints `threadId` is about to be given instead of writing them, until
   * {@link takeHeldWrites} hands them on or {@link dropHeldWrites} forgets them (issue 36): the run's
   * end-of-run checkpoint (durability `exit`) then commits with its record, one commit and one round
   * trip fewer a run, and a crash leaves both or neither. Reads are unchanged: the thread's run
   * neither reads its own checkpoint back nor lets another run read the thread before its record.
   */
  holdWrites(threadId: string): void {
    this.#held.set(threadId, []);
  }

  /** Forgets the checkpoints held for `threadId` (its run failed before its record: as if the process had died). */
  dropHeldWrites(threadId: string): void {
    this.#held.delete(threadId);
  }

  /**
   * The checkpoints held for `threadId`, no longer held: as WITH clauses for the record's statement
   * (`write`, on this saver's database), or written now (`flush`) where the record's store cannot carry
   * them. Undefined when none was held.
   */
  takeHeldWrites(threadId: string): HeldCheckpointWrites | undefined {
    const held = this.#held.get(threadId);
    this.#held.delete(threadId);
    if (held === undefined || held.length === 0) return undefined;
    const write: CompanionWrite = {
      kind: 'statement',
      database: this.#pool,
      clauses: (first) => {
        const clauses: string[] = [];
        let at = first;
        for (const one of held) {
          clauses.push(...this.#clauses(one, at));
          at += valuesOf(one).length;
        }
        return clauses;
      },
      values: held.flatMap(valuesOf),
    };
    return {
      write,
      count: held.filter((one) => one.row !== undefined).length,
      flush: async () => {
        for (const one of held) await this.#write(one);
      },
    };
  }

  // The blob rows and the checkpoint row, one INSERT each, with parameters from `first` in the order
  // of valuesOf: the thread and namespace, the checkpoint's four when its row is written, four a blob.
  #clauses(write: CheckpointWrite, first: number): string[] {
    const p = (k: number): string => `$${first + k}`;
    const rowParams = write.row === undefined ? 0 : 4;
    const rows = write.blobs.map((_, i) => {
      const at = 2 + rowParams + 4 * i;
      return `(${p(0)}, ${p(1)}, ${p(at)}, ${p(at + 1)}, ${p(at + 2)}, ${p(at + 3)}::bytea)`;
    });
    const schema = `"${this.#schema}"`;
    const clauses: string[] = [];
    if (rows.length > 0) {
      clauses.push(`INSERT INTO ${schema}.checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob) VALUES ${rows.join(', ')}
             ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING`);
    }
    if (write.row !== undefined) {
      clauses.push(`INSERT INTO ${schema}.checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
      VALUES (${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})
      ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`);
    }
    return clauses;
  }

  async #write(write: CheckpointWrite): Promise<void> {
    const [first, second] = this.#clauses(write, 1);
    if (first === undefined) return;
    const text = second === undefined ? first : `WITH blobs AS (${first}) ${second}`;
    // Named per schema and shape: the server plans each once per connection.
    await this.#pool.query({ name: `waybill-checkpoint-put-${this.#statementTag}-${write.blobs.length}${write.row === undefined ? '-blobs' : ''}`, text, values: valuesOf(write) });
  }

  readonly #held = new Map<string, CheckpointWrite[]>();
}

/**
 * One checkpoint's write: its key (thread, namespace, id), its row's other columns (parent, checkpoint,
 * metadata; undefined when a later write of the same key replaces it) and its new blobs (channel,
 * version, type, bytes).
 */
interface CheckpointWrite {
  readonly key: readonly [string, string, string];
  row: readonly [string | undefined, unknown, unknown] | undefined;
  readonly blobs: readonly (readonly unknown[])[];
}

const valuesOf = (write: CheckpointWrite): unknown[] => {
  const [thread, namespace, id] = write.key;
  // Nothing left to write (replaced, no new blobs): no parameters either, since the server must type each one.
  if (write.row === undefined && write.blobs.length === 0) return [];
  return [thread, namespace, ...(write.row === undefined ? [] : [id, ...write.row]), ...write.blobs.flat()];
};

/**
 * Adds `write` to the held ones. A checkpoint written again replaces its row (the statement's ON
 * CONFLICT DO UPDATE, which cannot touch one row twice in one statement), while the first blobs of a
 * channel version stay (DO NOTHING), as writing them one after the other leaves them.
 */
function hold(held: CheckpointWrite[], write: CheckpointWrite): void {
  const [thread, namespace, id] = write.key;
  for (const earlier of held) if (earlier.key[0] === thread && earlier.key[1] === namespace && earlier.key[2] === id) earlier.row = undefined;
  held.push(write);
}

/** Checkpoints held back for a run's record: the clauses for its statement, or a write of their own. */
export interface HeldCheckpointWrites {
  readonly write: CompanionWrite;
  /** How many checkpoints (a graph's and its subgraphs'). */
  readonly count: number;
  flush(): Promise<void>;
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
