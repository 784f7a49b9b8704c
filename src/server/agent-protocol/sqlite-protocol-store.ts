import type { Migration } from '../../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../../storage/index.js';
import { protocolSchemaV1 } from './protocol-schema.js';
import type {
  CheckpointRowText, Json, ProtocolCheckpoint, ProtocolRunRow, ProtocolRunStatus, ProtocolStore, ProtocolThreadRow, ProtocolThreadStatus, RunRowText, StoredProtocol, ThreadRowText, ThreadSearch,
} from './protocol-store.js';
import { checkpointState, filterThreads, toCheckpoint, toRun, toThread } from './protocol-store.js';

/** Changelog: 1 — threads, checkpoints and runs (protocol-schema.ts). */
const PROTOCOL_MIGRATIONS: readonly Migration[] = [(db) => db.exec(protocolSchemaV1(SQLITE_DIALECT))];

/** The Agent Protocol store in the shared SQLite file (component `agent_protocol`). */
export class SqliteProtocolStore extends SqliteStore implements ProtocolStore {
  static open(path: string, now?: () => Date): SqliteProtocolStore {
    return new SqliteProtocolStore(openSqliteDatabase(path, 'agent_protocol', PROTOCOL_MIGRATIONS), now);
  }

  async createThread(input: { threadId: string; tenant: string; metadata: Json }): Promise<boolean> {
    const at = this.now().toISOString();
    const result = this.db
      .prepare("INSERT INTO ap_threads (thread_id, tenant, metadata, status, created_at, updated_at) VALUES (?, ?, ?, 'idle', ?, ?) ON CONFLICT (thread_id) DO NOTHING")
      .run(input.threadId, input.tenant, JSON.stringify(input.metadata), at, at);
    return result.changes === 1;
  }

  async getThread(threadId: string): Promise<ProtocolThreadRow | undefined> {
    const row = this.db.prepare('SELECT * FROM ap_threads WHERE thread_id = ?').get(threadId) as ThreadRowText | undefined;
    return row && toThread(row);
  }

  async searchThreads(query: ThreadSearch): Promise<ProtocolThreadRow[]> {
    const rows = this.db.prepare('SELECT * FROM ap_threads WHERE tenant = ? ORDER BY updated_at DESC, thread_id').all(query.tenant) as ThreadRowText[];
    return filterThreads(rows.map(toThread), query);
  }

  async setThreadStatus(threadId: string, status: ProtocolThreadStatus): Promise<void> {
    this.db.prepare('UPDATE ap_threads SET status = ?, updated_at = ? WHERE thread_id = ?').run(status, this.now().toISOString(), threadId);
  }

  async claimThread(threadId: string): Promise<boolean> {
    return this.db.prepare("UPDATE ap_threads SET status = 'busy', updated_at = ? WHERE thread_id = ? AND status != 'busy'").run(this.now().toISOString(), threadId).changes === 1;
  }

  async addCheckpoint(input: { checkpointId: string; threadId: string; runId: string; values: Json; interrupts: Json[] }): Promise<ProtocolCheckpoint> {
    const parent = await this.latestCheckpoint(input.threadId);
    const at = this.now().toISOString();
    this.db
      .prepare('INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.checkpointId, input.threadId, parent?.checkpoint_id ?? null, input.runId, checkpointState(input), at);
    return { checkpoint_id: input.checkpointId, thread_id: input.threadId, parent_id: parent?.checkpoint_id ?? null, run_id: input.runId, values: input.values, interrupts: input.interrupts, created_at: at };
  }

  async latestCheckpoint(threadId: string): Promise<ProtocolCheckpoint | undefined> {
    return (await this.listCheckpoints(threadId, 1))[0];
  }

  async listCheckpoints(threadId: string, limit: number): Promise<ProtocolCheckpoint[]> {
    const rows = this.db.prepare('SELECT * FROM ap_checkpoints WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(threadId, limit) as CheckpointRowText[];
    return rows.map(toCheckpoint);
  }

  async createRun(input: { runId: string; threadId: string; tenant: string; assistantId: string; metadata: Json }): Promise<ProtocolRunRow> {
    const at = this.now().toISOString();
    this.db
      .prepare("INSERT INTO ap_runs (run_id, thread_id, tenant, assistant_id, status, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)")
      .run(input.runId, input.threadId, input.tenant, input.assistantId, JSON.stringify(input.metadata), at, at);
    return { run_id: input.runId, thread_id: input.threadId, tenant: input.tenant, assistant_id: input.assistantId, status: 'running', metadata: input.metadata, record_run_id: null, created_at: at, updated_at: at };
  }

  async finishRun(runId: string, status: ProtocolRunStatus, recordRunId: string | null): Promise<void> {
    this.db.prepare('UPDATE ap_runs SET status = ?, record_run_id = ?, updated_at = ? WHERE run_id = ?').run(status, recordRunId, this.now().toISOString(), runId);
  }

  async getRun(runId: string): Promise<ProtocolRunRow | undefined> {
    const row = this.db.prepare('SELECT * FROM ap_runs WHERE run_id = ?').get(runId) as RunRowText | undefined;
    return row && toRun(row);
  }

  async listRuns(threadId: string, limit: number, offset: number): Promise<ProtocolRunRow[]> {
    const rows = this.db.prepare('SELECT * FROM ap_runs WHERE thread_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?').all(threadId, limit, offset) as RunRowText[];
    return rows.map(toRun);
  }

  async recoverAbandoned(): Promise<number> {
    const at = this.now().toISOString();
    return this.db.transaction(() => {
      const runs = this.db.prepare("UPDATE ap_runs SET status = 'error', updated_at = ? WHERE status = 'running'").run(at).changes;
      this.db.prepare("UPDATE ap_threads SET status = 'error', updated_at = ? WHERE status = 'busy'").run(at);
      return runs;
    })();
  }

  async exportAll(): Promise<StoredProtocol> {
    return {
      threads: (this.db.prepare('SELECT * FROM ap_threads ORDER BY rowid').all() as ThreadRowText[]).map(toThread),
      checkpoints: (this.db.prepare('SELECT * FROM ap_checkpoints ORDER BY rowid').all() as CheckpointRowText[]).map(toCheckpoint),
      runs: (this.db.prepare('SELECT * FROM ap_runs ORDER BY rowid').all() as RunRowText[]).map(toRun),
    };
  }

  async importAll(rows: StoredProtocol): Promise<void> {
    const thread = this.db.prepare('INSERT INTO ap_threads (thread_id, tenant, metadata, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const checkpoint = this.db.prepare('INSERT INTO ap_checkpoints (checkpoint_id, thread_id, parent_id, run_id, state, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const run = this.db.prepare(
      'INSERT INTO ap_runs (run_id, thread_id, tenant, assistant_id, status, metadata, record_run_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.db.transaction(() => {
      for (const t of rows.threads) thread.run(t.thread_id, t.tenant, JSON.stringify(t.metadata), t.status, t.created_at, t.updated_at);
      for (const c of rows.checkpoints) checkpoint.run(c.checkpoint_id, c.thread_id, c.parent_id, c.run_id, checkpointState(c), c.created_at);
      for (const r of rows.runs) run.run(r.run_id, r.thread_id, r.tenant, r.assistant_id, r.status, JSON.stringify(r.metadata), r.record_run_id, r.created_at, r.updated_at);
    })();
  }
}
