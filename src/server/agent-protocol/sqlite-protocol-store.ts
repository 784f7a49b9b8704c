import type { Migration } from '../../storage/index.js';
import type { AlsoInTransaction } from '../../telemetry/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../../storage/index.js';
import { checkpointMessagesFromState, PROTOCOL_SCHEMA_V2, PROTOCOL_SCHEMA_V3, PROTOCOL_SCHEMA_V4, PROTOCOL_SCHEMA_V5_ADD, PROTOCOL_SCHEMA_V5_DROP, protocolSchemaV1 } from './protocol-schema.js';
import type {
  CheckpointRowText, EventRowText, Json, NewCheckpoint, NewProtocolRun, ProtocolCheckpoint, ProtocolEventRow, ProtocolRunRow, ProtocolStore, ProtocolThreadRow, RunRowText, StoredProtocol, ThreadRowText, ThreadSearch,
} from './protocol-store.js';
import { filterThreads, newRunRow, RUN_COLUMNS, runValues, toCheckpoint, toEvent, toRun, toThread } from './protocol-store.js';

/** Changelog: 1 — threads, checkpoints and runs; 2 — run events, stream modes, cancel requests; 3 — a thread's owner only in the kernel's thread owners; 4 — a run's status only in the kernel's run record; 5 — a checkpoint's answers and interrupt only in the kernel's run records (protocol-schema.ts). */
const PROTOCOL_MIGRATIONS: readonly Migration[] = [
  (db) => db.exec(protocolSchemaV1(SQLITE_DIALECT)), (db) => db.exec(PROTOCOL_SCHEMA_V2), (db) => db.exec(PROTOCOL_SCHEMA_V3), (db) => db.exec(PROTOCOL_SCHEMA_V4),
  (db) => {
    db.exec(PROTOCOL_SCHEMA_V5_ADD);
    const update = db.prepare('UPDATE ap_checkpoints SET messages = ? WHERE checkpoint_id = ?');
    for (const row of db.prepare('SELECT checkpoint_id, state FROM ap_checkpoints').all() as Array<{ checkpoint_id: string; state: string }>) update.run(checkpointMessagesFromState(row.state), row.checkpoint_id);
    db.exec(PROTOCOL_SCHEMA_V5_DROP);
  },
];
const RUN_SLOTS = RUN_COLUMNS.split(',').map(() => '?').join(', ');

/** A thread with its owner, read from the kernel's thread owners. */
const THREADS = 'SELECT t.thread_id, o.tenant, t.metadata, t.created_at, t.updated_at FROM ap_threads t JOIN thread_owners o ON o.thread_id = t.thread_id';

/** The Agent Protocol store in the shared SQLite file (component `agent_protocol`). */
export class SqliteProtocolStore extends SqliteStore implements ProtocolStore {
  static open(path: string, now?: () => Date): SqliteProtocolStore {
    return new SqliteProtocolStore(openSqliteDatabase(path, 'agent_protocol', PROTOCOL_MIGRATIONS), now);
  }

  async createThread(input: { threadId: string; tenant: string; metadata: Json }): Promise<boolean> {
    const at = this.now().toISOString();
    return this.db.transaction(() => {
      this.db.prepare('INSERT INTO thread_owners (thread_id, tenant, claimed_at) VALUES (?, ?, ?) ON CONFLICT (thread_id) DO NOTHING').run(input.threadId, input.tenant, at);
      const owner = (this.db.prepare('SELECT tenant FROM thread_owners WHERE thread_id = ?').get(input.threadId) as { tenant: string }).tenant;
      if (owner !== input.tenant) return false;
      return this.db.prepare('INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (thread_id) DO NOTHING').run(input.threadId, JSON.stringify(input.metadata), at, at).changes === 1;
    }).immediate();
  }

  async getThread(threadId: string): Promise<ProtocolThreadRow | undefined> {
    const row = this.db.prepare(`${THREADS} WHERE t.thread_id = ?`).get(threadId) as ThreadRowText | undefined;
    return row && toThread(row);
  }

  async searchThreads(query: ThreadSearch): Promise<ProtocolThreadRow[]> {
    const rows = this.db.prepare(`${THREADS} WHERE o.tenant = ? ORDER BY t.updated_at DESC, t.thread_id`).all(query.tenant) as ThreadRowText[];
    return filterThreads(rows.map(toThread), query);
  }

  async addCheckpoint(input: NewCheckpoint): Promise<ProtocolCheckpoint> {
    const parent = await this.latestCheckpoint(input.threadId);
    const at = this.now().toISOString();
    this.db
      .prepare('INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, messages, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.checkpointId, input.threadId, parent?.checkpoint_id ?? null, input.runId, JSON.stringify(input.messages), at);
    return { checkpoint_id: input.checkpointId, thread_id: input.threadId, parent_id: parent?.checkpoint_id ?? null, run_id: input.runId, messages: input.messages, created_at: at };
  }

  async latestCheckpoint(threadId: string): Promise<ProtocolCheckpoint | undefined> {
    return (await this.listCheckpoints(threadId, 1))[0];
  }

  async listCheckpoints(threadId: string, limit: number): Promise<ProtocolCheckpoint[]> {
    const rows = this.db.prepare('SELECT * FROM ap_checkpoints WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(threadId, limit) as CheckpointRowText[];
    return rows.map(toCheckpoint);
  }

  async createRun(input: NewProtocolRun, alsoInTransaction?: AlsoInTransaction): Promise<ProtocolRunRow | undefined> {
    // The queue that would join the transaction is PostgreSQL's (pg-boss): nothing to join here.
    if (alsoInTransaction) throw new Error('createRun: alsoInTransaction needs PostgreSQL (the run queue lives there)');
    const row = newRunRow(input, this.now().toISOString());
    const insertEvent = this.db.prepare('INSERT INTO ap_events (run_id, seq, event, data) VALUES (?, ?, ?, ?)');
    const created = this.db.transaction(() => {
      const inserted = this.db.prepare(`INSERT INTO ap_runs (${RUN_COLUMNS}) VALUES (${RUN_SLOTS}) ON CONFLICT DO NOTHING`).run(...runValues(row)).changes === 1;
      if (!inserted) return false;
      for (const [i, e] of (input.events ?? []).entries()) insertEvent.run(input.runId, i + 1, e.event, JSON.stringify(e.data));
      this.db.prepare('UPDATE ap_threads SET updated_at = ? WHERE thread_id = ?').run(row.created_at, input.threadId);
      return true;
    }).immediate();
    return created ? row : undefined;
  }

  async takeRun(runId: string): Promise<{ taken: boolean; cancel: boolean }> {
    const row = this.db
      .prepare('UPDATE ap_runs SET heartbeat_at = ? WHERE run_id = ? AND ended_at IS NULL RETURNING cancel_requested')
      .get(this.now().toISOString(), runId) as { cancel_requested: number } | undefined;
    return { taken: row !== undefined, cancel: row?.cancel_requested === 1 };
  }

  async heartbeat(runId: string): Promise<boolean> {
    const row = this.db.prepare('UPDATE ap_runs SET heartbeat_at = ? WHERE run_id = ? AND ended_at IS NULL AND heartbeat_at IS NOT NULL RETURNING cancel_requested').get(this.now().toISOString(), runId) as { cancel_requested: number } | undefined;
    return row?.cancel_requested === 1;
  }

  async requestCancel(runId: string): Promise<boolean> {
    return this.db.prepare('UPDATE ap_runs SET cancel_requested = 1 WHERE run_id = ? AND ended_at IS NULL').run(runId).changes === 1;
  }

  async activeRun(threadId: string): Promise<ProtocolRunRow | undefined> {
    const row = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE thread_id = ? AND ended_at IS NULL`).get(threadId) as RunRowText | undefined;
    return row && toRun(row);
  }

  async appendEvents(runId: string, events: ReadonlyArray<{ event: string; data: unknown }>): Promise<void> {
    const insert = this.db.prepare('INSERT INTO ap_events (run_id, seq, event, data) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM ap_events WHERE run_id = ?), ?, ?)');
    const stamp = this.db.prepare('UPDATE ap_runs SET heartbeat_at = ? WHERE run_id = ? AND heartbeat_at IS NOT NULL');
    this.db.transaction(() => {
      for (const e of events) insert.run(runId, runId, e.event, JSON.stringify(e.data));
      stamp.run(this.now().toISOString(), runId);
    })();
  }

  async listEvents(runId: string, afterSeq: number, limit: number): Promise<ProtocolEventRow[]> {
    const rows = this.db.prepare('SELECT * FROM ap_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?').all(runId, afterSeq, limit) as EventRowText[];
    return rows.map(toEvent);
  }

  async endRun(runId: string): Promise<void> {
    this.db.prepare('UPDATE ap_runs SET ended_at = ? WHERE run_id = ? AND ended_at IS NULL').run(this.now().toISOString(), runId);
  }

  async runRequest(runId: string): Promise<ProtocolRunRow | undefined> {
    const row = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE run_id = ?`).get(runId) as RunRowText | undefined;
    return row && toRun(row);
  }

  async listRunRequests(threadId: string, limit: number, offset: number): Promise<ProtocolRunRow[]> {
    const rows = this.db.prepare(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`).all(threadId, limit, offset) as RunRowText[];
    return rows.map(toRun);
  }

  async staleRuns(cutoffIso: string): Promise<ProtocolRunRow[]> {
    return (this.db.prepare(`SELECT ${RUN_COLUMNS} FROM ap_runs WHERE ended_at IS NULL AND COALESCE(heartbeat_at, created_at) < ? ORDER BY created_at`).all(cutoffIso) as RunRowText[]).map(toRun);
  }

  async exportAll(): Promise<StoredProtocol> {
    return {
      threads: (this.db.prepare(`${THREADS} ORDER BY t.rowid`).all() as ThreadRowText[]).map(toThread),
      checkpoints: (this.db.prepare('SELECT * FROM ap_checkpoints ORDER BY rowid').all() as CheckpointRowText[]).map(toCheckpoint),
      runs: (this.db.prepare(`SELECT ${RUN_COLUMNS} FROM ap_runs ORDER BY rowid`).all() as RunRowText[]).map(toRun),
      events: (this.db.prepare('SELECT * FROM ap_events ORDER BY rowid').all() as EventRowText[]).map(toEvent),
    };
  }

  async importAll(rows: StoredProtocol): Promise<void> {
    // A thread's owner is the kernel's (`thread_owners`, copied with the runs): not imported here.
    const thread = this.db.prepare('INSERT INTO ap_threads (thread_id, metadata, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const checkpoint = this.db.prepare('INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, messages, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const run = this.db.prepare(`INSERT INTO ap_runs (${RUN_COLUMNS}) VALUES (${RUN_SLOTS}) ON CONFLICT DO NOTHING`);
    const event = this.db.prepare('INSERT INTO ap_events (run_id, seq, event, data) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    this.db.transaction(() => {
      for (const t of rows.threads) thread.run(t.thread_id, JSON.stringify(t.metadata), t.created_at, t.updated_at);
      for (const c of rows.checkpoints) checkpoint.run(c.checkpoint_id, c.thread_id, c.parent_id, c.run_id, JSON.stringify(c.messages), c.created_at);
      for (const r of rows.runs) run.run(...runValues(r));
      for (const e of rows.events) event.run(e.run_id, e.seq, e.event, JSON.stringify(e.data));
    })();
  }
}
