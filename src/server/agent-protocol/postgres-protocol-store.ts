import type { PostgresMigration } from '../../storage/index.js';
import type { AlsoInTransaction } from '../../telemetry/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, postgresApplicationName, withTransaction } from '../../storage/index.js';
import { checkpointMessagesFromState, PROTOCOL_SCHEMA_V2, PROTOCOL_SCHEMA_V3, PROTOCOL_SCHEMA_V4, PROTOCOL_SCHEMA_V5_ADD, PROTOCOL_SCHEMA_V5_DROP, protocolSchemaV1 } from './protocol-schema.js';
import type {
  CheckpointRowText, EventRowText, Json, NewCheckpoint, NewProtocolRun, ProtocolCheckpoint, ProtocolEventRow, ProtocolRunRow, ProtocolStore, ProtocolThreadRow, RunRowText, StoredProtocol, ThreadRowText, ThreadSearch,
} from './protocol-store.js';
import { filterThreads, newRunRow, RUN_COLUMNS, runValues, toCheckpoint, toEvent, toRun, toThread } from './protocol-store.js';

/** The same version and tables as SQLite's `agent_protocol` component (protocol-schema.ts). */
const POSTGRES_PROTOCOL_MIGRATIONS: readonly PostgresMigration[] = [
  protocolSchemaV1(POSTGRES_DIALECT), PROTOCOL_SCHEMA_V2, PROTOCOL_SCHEMA_V3, PROTOCOL_SCHEMA_V4,
  async (client) => {
    await client.query(PROTOCOL_SCHEMA_V5_ADD);
    const rows = (await client.query<{ checkpoint_id: string; state: string }>('SELECT checkpoint_id, state FROM ap_checkpoints')).rows;
    for (const row of rows) await client.query('UPDATE ap_checkpoints SET messages = $1 WHERE checkpoint_id = $2', [checkpointMessagesFromState(row.state), row.checkpoint_id]);
    await client.query(PROTOCOL_SCHEMA_V5_DROP);
  },
];

/** A thread with its owner, read from the kernel's thread owners. */
const THREADS = 'SELECT t.thread_id, o.tenant, t.metadata, t.created_at, t.updated_at FROM ap_threads t JOIN thread_owners o ON o.thread_id = t.thread_id';
const CHECKPOINT_COLUMNS = 'checkpoint_id, thread_id, parent_id, run_id, messages, created_at';
const RUN_SLOTS = RUN_COLUMNS.split(',').map((_, i) => `$${i + 1}`).join(', ');

/** The channel a run's news is notified on: its payload is the run id. */
const NEWS_CHANNEL = 'waybill_ap_events';

/** The Agent Protocol store in PostgreSQL (component `agent_protocol`). Text is ordered bytewise (`COLLATE "C"`), as SQLite orders it. */
export class PostgresProtocolStore extends PostgresStore implements ProtocolStore {
  /** Where `listen` connects: its connection is its own, not the shared pool's. */
  #url = '';

  /** Connects to `url` and migrates the `agent_protocol` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresProtocolStore> {
    const store = new PostgresProtocolStore(await openPostgresPool(url, 'agent_protocol', POSTGRES_PROTOCOL_MIGRATIONS), now);
    store.#url = url;
    return store;
  }

  async createThread(input: { threadId: string; tenant: string; metadata: Json }): Promise<boolean> {
    const at = this.now().toISOString();
    return withTransaction(this.pool, async (client) => {
      // The claim waits for a concurrent claimer's commit; the read after it sees whichever won.
      await client.query('INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (thread_id) DO NOTHING', [input.threadId, input.tenant, at]);
      const owner = (await client.query<{ tenant: string }>('SELECT tenant FROM thread_owners WHERE thread_id = $1', [input.threadId])).rows[0]?.tenant;
      if (owner !== input.tenant) return false;
      const inserted = await client.query('INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (thread_id) DO NOTHING', [input.threadId, JSON.stringify(input.metadata), at]);
      return inserted.rowCount === 1;
    });
  }

  async getThread(threadId: string): Promise<ProtocolThreadRow | undefined> {
    const row = (await this.pool.query<ThreadRowText>(`${THREADS} WHERE t.thread_id = $1`, [threadId])).rows[0];
    return row && toThread(row);
  }

  async searchThreads(query: ThreadSearch): Promise<ProtocolThreadRow[]> {
    const rows = (await this.pool.query<ThreadRowText>(`${THREADS} WHERE o.tenant = $1 ORDER BY t.updated_at COLLATE "C" DESC, t.thread_id COLLATE "C"`, [query.tenant])).rows;
    return filterThreads(rows.map(toThread), query);
  }

  async addCheckpoint(input: NewCheckpoint): Promise<ProtocolCheckpoint> {
    const at = this.now().toISOString();
    // The parent is read in the INSERT itself, so a checkpoint never names a parent that is not the latest.
    const row = (await this.pool.query<{ parent_id: string | null }>(
      `INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, messages, created_at)
       VALUES ($1, $2, (SELECT checkpoint_id FROM ap_checkpoints WHERE thread_id = $2 ORDER BY created_at COLLATE "C" DESC, seq DESC LIMIT 1), $3, $4, $5)
       RETURNING parent_id`,
      [input.checkpointId, input.threadId, input.runId, JSON.stringify(input.messages), at],
    )).rows[0];
    return { checkpoint_id: input.checkpointId, thread_id: input.threadId, parent_id: row?.parent_id ?? null, run_id: input.runId, messages: input.messages, created_at: at };
  }

  async latestCheckpoint(threadId: string): Promise<ProtocolCheckpoint | undefined> {
    return (await this.listCheckpoints(threadId, 1))[0];
  }

  async listCheckpoints(threadId: string, limit: number): Promise<ProtocolCheckpoint[]> {
    const rows = (await this.pool.query<CheckpointRowText>(
      `SELECT ${CHECKPOINT_COLUMNS} FROM ap_checkpoints WHERE thread_id = $1 ORDER BY created_at COLLATE "C" DESC, seq DESC LIMIT $2`,
      [threadId, limit],
    )).rows;
    return rows.map(toCheckpoint);
  }

  /** The unique index on a thread's open run decides between concurrent creations: the loser inserts nothing. */
  async createRun(input: NewProtocolRun, alsoInTransaction?: AlsoInTransaction): Promise<ProtocolRunRow | undefined> {
    const row = newRunRow(input, this.now().toISOString());
    const created = await withTransaction(this.pool, async (client) => {
      const inserted = await client.query(`INSERT INTO ap_runs (${RUN_COLUMNS}) VALUES (${RUN_SLOTS}) ON CONFLICT DO NOTHING`, runValues(row));
      if (inserted.rowCount !== 1) return false;
      for (const [i, e] of (input.events ?? []).entries()) {
        await client.query('INSERT INTO ap_events (run_id, seq, event, data) VALUES ($1, $2, $3, $4)', [input.runId, i + 1, e.event, JSON.stringify(e.data)]);
      }
      await client.query('UPDATE ap_threads SET updated_at = $1 WHERE thread_id = $2', [row.created_at, input.threadId]);
      await alsoInTransaction?.({ executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }) });
      return true;
    });
    return created ? row : undefined;
  }

  async takeRun(runId: string): Promise<{ taken: boolean; cancel: boolean }> {
    const row = (await this.pool.query<{ cancel_requested: number }>(
      'UPDATE ap_runs SET heartbeat_at = $1 WHERE run_id = $2 AND ended_at IS NULL RETURNING cancel_requested',
      [this.now().toISOString(), runId],
    )).rows[0];
    return { taken: row !== undefined, cancel: row?.cancel_requested === 1 };
  }

  async heartbeat(runId: string): Promise<boolean> {
    const row = (await this.pool.query<{ cancel_requested: number }>(
      'UPDATE ap_runs SET heartbeat_at = $1 WHERE run_id = $2 AND ended_at IS NULL AND heartbeat_at IS NOT NULL RETURNING cancel_requested',
      [this.now().toISOString(), runId],
    )).rows[0];
    return row?.cancel_requested === 1;
  }

  async requestCancel(runId: string): Promise<boolean> {
    return (await this.pool.query('UPDATE ap_runs SET cancel_requested = 1 WHERE run_id = $1 AND ended_at IS NULL', [runId])).rowCount === 1;
  }

  async activeRun(threadId: string): Promise<ProtocolRunRow | undefined> {
    const row = (await this.pool.query<RunRowText>(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE thread_id = $1 AND ended_at IS NULL`, [threadId])).rows[0];
    return row && toRun(row);
  }

  /** One writer per run at a time (the thread is claimed), so numbering by the run's last event cannot collide. */
  async appendEvents(runId: string, events: ReadonlyArray<{ event: string; data: unknown }>): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      for (const e of events) {
        await client.query('INSERT INTO ap_events (run_id, seq, event, data) VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ap_events WHERE run_id = $1), $2, $3)', [runId, e.event, JSON.stringify(e.data)]);
      }
      await client.query('UPDATE ap_runs SET heartbeat_at = $1 WHERE run_id = $2 AND heartbeat_at IS NOT NULL', [this.now().toISOString(), runId]);
      // Delivered at commit, so a woken follower finds the events stored.
      await client.query('SELECT pg_notify($1, $2)', [NEWS_CHANNEL, runId]);
    });
  }

  async listEvents(runId: string, afterSeq: number, limit: number): Promise<ProtocolEventRow[]> {
    const rows = (await this.pool.query<EventRowText>('SELECT run_id, seq, event, data FROM ap_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [runId, afterSeq, limit])).rows;
    return rows.map(toEvent);
  }

  async endRun(runId: string): Promise<void> {
    await this.pool.query('UPDATE ap_runs SET ended_at = $1 WHERE run_id = $2 AND ended_at IS NULL', [this.now().toISOString(), runId]);
    await this.pool.query('SELECT pg_notify($1, $2)', [NEWS_CHANNEL, runId]);
  }

  /**
   * A connection of its own held for LISTEN until stopped (stop it before `close`): a listener never
   * gives its connection back, so it is not taken from the pool the stores share.
   */
  async listen(onNews: (runId: string) => void, onError: (error: Error) => void): Promise<() => Promise<void>> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: this.#url, application_name: postgresApplicationName('waybill-listen') });
    const notified = (message: { channel: string; payload?: string }) => {
      if (message.channel === NEWS_CHANNEL && message.payload) onNews(message.payload);
    };
    // A broken connection ends the notifications, not the process: followers keep polling.
    const failed = (error: Error) => onError(error);
    client.on('notification', notified);
    client.on('error', failed);
    try {
      await client.connect();
      await client.query(`LISTEN ${NEWS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      client.off('notification', notified);
      await client.end().catch(() => undefined);
      client.off('error', failed);
    };
  }

  async runRequest(runId: string): Promise<ProtocolRunRow | undefined> {
    const row = (await this.pool.query<RunRowText>(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE run_id = $1`, [runId])).rows[0];
    return row && toRun(row);
  }

  async listRunRequests(threadId: string, limit: number, offset: number): Promise<ProtocolRunRow[]> {
    const rows = (await this.pool.query<RunRowText>(
      `SELECT ${RUN_COLUMNS} FROM ap_runs WHERE thread_id = $1 ORDER BY created_at COLLATE "C" DESC, seq DESC LIMIT $2 OFFSET $3`,
      [threadId, limit, offset],
    )).rows;
    return rows.map(toRun);
  }

  async staleRuns(cutoffIso: string): Promise<ProtocolRunRow[]> {
    const rows = (await this.pool.query<RunRowText>(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE ended_at IS NULL AND COALESCE(heartbeat_at, created_at) COLLATE "C" < $1 ORDER BY seq`, [cutoffIso])).rows;
    return rows.map(toRun);
  }

  async exportAll(): Promise<StoredProtocol> {
    const threads = await this.pool.query<ThreadRowText>(`${THREADS} ORDER BY t.seq`);
    const checkpoints = await this.pool.query<CheckpointRowText>(`SELECT ${CHECKPOINT_COLUMNS} FROM ap_checkpoints ORDER BY seq`);
    const runs = await this.pool.query<RunRowText>(`SELECT ${RUN_COLUMNS} FROM ap_runs ORDER BY seq`);
    const events = await this.pool.query<EventRowText>('SELECT run_id, seq, event, data FROM ap_events ORDER BY run_id, seq');
    return { threads: threads.rows.map(toThread), checkpoints: checkpoints.rows.map(toCheckpoint), runs: runs.rows.map(toRun), events: events.rows.map(toEvent) };
  }

  async importAll(rows: StoredProtocol): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      for (const t of rows.threads) {
        // A thread's owner is the kernel's (`thread_owners`, copied with the runs): not imported here.
        await client.query('INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
          t.thread_id, JSON.stringify(t.metadata), t.created_at, t.updated_at,
        ]);
      }
      for (const c of rows.checkpoints) {
        await client.query(`INSERT INTO ap_checkpoints (${CHECKPOINT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, [
          c.checkpoint_id, c.thread_id, c.parent_id, c.run_id, JSON.stringify(c.messages), c.created_at,
        ]);
      }
      for (const r of rows.runs) {
        await client.query(`INSERT INTO ap_runs (${RUN_COLUMNS}) VALUES (${RUN_SLOTS}) ON CONFLICT DO NOTHING`, runValues(r));
      }
      for (const e of rows.events) {
        await client.query('INSERT INTO ap_events (run_id, seq, event, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [e.run_id, e.seq, e.event, JSON.stringify(e.data)]);
      }
    });
  }
}
