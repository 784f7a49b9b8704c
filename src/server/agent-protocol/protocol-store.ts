import type Database from 'better-sqlite3';
import type { Migration } from '../../domain/index.js';
import { openSqliteDatabase } from '../../domain/index.js';

/** Changelog: 1 — Agent Protocol threads (owned by one tenant), their checkpoints (one per run end) and runs. */
const PROTOCOL_MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE ap_threads (
        thread_id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        metadata TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX ap_threads_tenant ON ap_threads (tenant, updated_at);
      CREATE TABLE ap_checkpoints (
        checkpoint_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES ap_threads (thread_id) ON DELETE CASCADE,
        parent_id TEXT,
        run_id TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX ap_checkpoints_thread ON ap_checkpoints (thread_id, created_at);
      CREATE TABLE ap_runs (
        run_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES ap_threads (thread_id) ON DELETE CASCADE,
        tenant TEXT NOT NULL,
        assistant_id TEXT NOT NULL,
        status TEXT NOT NULL,
        metadata TEXT NOT NULL,
        record_run_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX ap_runs_thread ON ap_runs (thread_id, created_at);
    `),
];

export type ProtocolThreadStatus = 'idle' | 'busy' | 'interrupted' | 'error';
export type ProtocolRunStatus = 'pending' | 'running' | 'error' | 'success' | 'timeout' | 'interrupted';
type Json = Record<string, unknown>;

export interface ProtocolThreadRow {
  thread_id: string;
  tenant: string;
  metadata: Json;
  status: ProtocolThreadStatus;
  created_at: string;
  updated_at: string;
}

/** A thread's state after one run: its values (the messages) and the interrupts it waits on. */
export interface ProtocolCheckpoint {
  checkpoint_id: string;
  thread_id: string;
  parent_id: string | null;
  run_id: string;
  values: Json;
  interrupts: Json[];
  created_at: string;
}

export interface ProtocolRunRow {
  run_id: string;
  thread_id: string;
  tenant: string;
  assistant_id: string;
  status: ProtocolRunStatus;
  metadata: Json;
  /** The Waybill run record this run produced (a resumed run gets a new record id from the runtime). */
  record_run_id: string | null;
  created_at: string;
  updated_at: string;
}

const parse = (text: string): Json => JSON.parse(text) as Json;
const toThread = (row: Omit<ProtocolThreadRow, 'metadata'> & { metadata: string }): ProtocolThreadRow => ({ ...row, metadata: parse(row.metadata) });
const toRun = (row: Omit<ProtocolRunRow, 'metadata'> & { metadata: string }): ProtocolRunRow => ({ ...row, metadata: parse(row.metadata) });
const toCheckpoint = (row: { checkpoint_id: string; thread_id: string; parent_id: string | null; run_id: string; state: string; created_at: string }): ProtocolCheckpoint => {
  const state = parse(row.state) as { values: Json; interrupts: Json[] };
  return { checkpoint_id: row.checkpoint_id, thread_id: row.thread_id, parent_id: row.parent_id, run_id: row.run_id, values: state.values, interrupts: state.interrupts, created_at: row.created_at };
};

/**
 * What the Agent Protocol adds to Waybill's own stores, in the shared SQLite file: threads with their
 * owning tenant and metadata, a checkpoint of the thread's values after each run, and the protocol's
 * runs (mapped to the Waybill run records they produced). Callers check the tenant; this store does not.
 */
export class SqliteProtocolStore {
  readonly #db: Database.Database;
  readonly #now: () => Date;

  constructor(db: Database.Database, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#now = now;
  }

  static open(path: string, now?: () => Date): SqliteProtocolStore {
    return new SqliteProtocolStore(openSqliteDatabase(path, 'agent_protocol', PROTOCOL_MIGRATIONS), now);
  }

  /** Creates the thread; false when the id is taken (by any tenant). */
  createThread(input: { threadId: string; tenant: string; metadata: Json }): boolean {
    const at = this.#now().toISOString();
    const result = this.#db
      .prepare("INSERT INTO ap_threads (thread_id, tenant, metadata, status, created_at, updated_at) VALUES (?, ?, ?, 'idle', ?, ?) ON CONFLICT (thread_id) DO NOTHING")
      .run(input.threadId, input.tenant, JSON.stringify(input.metadata), at, at);
    return result.changes === 1;
  }

  getThread(threadId: string): ProtocolThreadRow | undefined {
    const row = this.#db.prepare('SELECT * FROM ap_threads WHERE thread_id = ?').get(threadId) as Parameters<typeof toThread>[0] | undefined;
    return row && toThread(row);
  }

  /** The tenant's threads, newest first, whose metadata contains every given key with an equal value. */
  searchThreads(query: { tenant: string; metadata?: Json; status?: ProtocolThreadStatus; ids?: string[]; limit: number; offset: number }): ProtocolThreadRow[] {
    const rows = this.#db.prepare('SELECT * FROM ap_threads WHERE tenant = ? ORDER BY updated_at DESC, thread_id').all(query.tenant) as Parameters<typeof toThread>[0][];
    const wanted = Object.entries(query.metadata ?? {});
    return rows
      .map(toThread)
      .filter((t) => (!query.status || t.status === query.status) && (!query.ids || query.ids.includes(t.thread_id)) && wanted.every(([k, v]) => JSON.stringify(t.metadata[k]) === JSON.stringify(v)))
      .slice(query.offset, query.offset + query.limit);
  }

  setThreadStatus(threadId: string, status: ProtocolThreadStatus): void {
    this.#db.prepare('UPDATE ap_threads SET status = ?, updated_at = ? WHERE thread_id = ?').run(status, this.#now().toISOString(), threadId);
  }

  /**
   * Marks an idle, interrupted or failed thread busy; false when it already is (one run per thread at a
   * time, the protocol's `reject` multitask strategy).
   */
  claimThread(threadId: string): boolean {
    return this.#db.prepare("UPDATE ap_threads SET status = 'busy', updated_at = ? WHERE thread_id = ? AND status != 'busy'").run(this.#now().toISOString(), threadId).changes === 1;
  }

  addCheckpoint(input: { checkpointId: string; threadId: string; runId: string; values: Json; interrupts: Json[] }): ProtocolCheckpoint {
    const parent = this.latestCheckpoint(input.threadId);
    const at = this.#now().toISOString();
    this.#db
      .prepare('INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.checkpointId, input.threadId, parent?.checkpoint_id ?? null, input.runId, JSON.stringify({ values: input.values, interrupts: input.interrupts }), at);
    return { checkpoint_id: input.checkpointId, thread_id: input.threadId, parent_id: parent?.checkpoint_id ?? null, run_id: input.runId, values: input.values, interrupts: input.interrupts, created_at: at };
  }

  latestCheckpoint(threadId: string): ProtocolCheckpoint | undefined {
    return this.listCheckpoints(threadId, 1)[0];
  }

  /** Newest first. */
  listCheckpoints(threadId: string, limit: number): ProtocolCheckpoint[] {
    const rows = this.#db.prepare('SELECT * FROM ap_checkpoints WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(threadId, limit) as Parameters<typeof toCheckpoint>[0][];
    return rows.map(toCheckpoint);
  }

  createRun(input: { runId: string; threadId: string; tenant: string; assistantId: string; metadata: Json }): ProtocolRunRow {
    const at = this.#now().toISOString();
    this.#db
      .prepare("INSERT INTO ap_runs (run_id, thread_id, tenant, assistant_id, status, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)")
      .run(input.runId, input.threadId, input.tenant, input.assistantId, JSON.stringify(input.metadata), at, at);
    return { run_id: input.runId, thread_id: input.threadId, tenant: input.tenant, assistant_id: input.assistantId, status: 'running', metadata: input.metadata, record_run_id: null, created_at: at, updated_at: at };
  }

  finishRun(runId: string, status: ProtocolRunStatus, recordRunId: string | null): void {
    this.#db.prepare('UPDATE ap_runs SET status = ?, record_run_id = ?, updated_at = ? WHERE run_id = ?').run(status, recordRunId, this.#now().toISOString(), runId);
  }

  getRun(runId: string): ProtocolRunRow | undefined {
    const row = this.#db.prepare('SELECT * FROM ap_runs WHERE run_id = ?').get(runId) as Parameters<typeof toRun>[0] | undefined;
    return row && toRun(row);
  }

  /** Newest first. */
  listRuns(threadId: string, limit: number, offset: number): ProtocolRunRow[] {
    const rows = this.#db.prepare('SELECT * FROM ap_runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?').all(threadId, limit, offset) as Parameters<typeof toRun>[0][];
    return rows.map(toRun);
  }

  /**
   * Marks runs left `running` by a process that stopped mid-run as `error`, and their threads `error`
   * (which takes new runs again), so a crash never leaves a thread busy for good. Call it when the one
   * server process that runs protocol runs on this database starts.
   */
  recoverAbandoned(): number {
    const at = this.#now().toISOString();
    return this.#db.transaction(() => {
      const runs = this.#db.prepare("UPDATE ap_runs SET status = 'error', updated_at = ? WHERE status = 'running'").run(at).changes;
      this.#db.prepare("UPDATE ap_threads SET status = 'error', updated_at = ? WHERE status = 'busy'").run(at);
      return runs;
    })();
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
