import { z } from 'zod';
import type { Migration, PostgresMigration } from '../../storage/index.js';
import { databaseLocation, openPostgresPool, openSqliteDatabase, PostgresStore, SqliteStore } from '../../storage/index.js';

/**
 * Version of a stored pause. Changelog: 1 — the SDK's serialised RunState (it carries its own
 * `$schemaVersion`), the pending call, and the run identity needed to resume it.
 */
const PAUSE_FORMAT_VERSION = 1;

// Component `openai_agents`, version 1; the same table on both backends.
const PAUSES_SCHEMA = `CREATE TABLE openai_agents_pauses (
      thread_id TEXT PRIMARY KEY,
      format_version INTEGER NOT NULL,
      run_id TEXT NOT NULL,
      request_id TEXT NOT NULL,
      tenant TEXT NOT NULL,
      trusted_text TEXT NOT NULL,
      pending TEXT NOT NULL,
      run_state TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`;
const MIGRATIONS: readonly Migration[] = [(db) => db.exec(PAUSES_SCHEMA)];
const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [PAUSES_SCHEMA];

const PendingJson = z.object({ agent: z.string(), tool: z.string(), args: z.record(z.string(), z.unknown()) });

/** A run paused for approval, as another process reads it back. */
export interface StoredPause {
  threadId: string;
  runId: string;
  requestId: string;
  tenant: string;
  trustedText: string;
  pending: z.infer<typeof PendingJson>;
  /** `RunState.toString()` of the paused run. */
  runState: string;
  createdAt: string;
}

interface PauseRow {
  thread_id: string;
  format_version: number;
  run_id: string;
  request_id: string;
  tenant: string;
  trusted_text: string;
  pending: string;
  run_state: string;
  created_at: string;
}

/**
 * Paused OpenAI Agents runs, one per thread, in the shared database: the SDK keeps its run state in
 * memory, so the serialised state lives here until an operator (in any process) decides.
 */
export interface PauseStore {
  save(pause: StoredPause): Promise<void>;
  /** The thread's pause; throws with the thread named when the stored row is unreadable. */
  get(threadId: string): Promise<StoredPause | undefined>;
  delete(threadId: string): Promise<void>;
  close(): Promise<void>;
}

const UPSERT = `INSERT INTO openai_agents_pauses (thread_id, format_version, run_id, request_id, tenant, trusted_text, pending, run_state, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT(thread_id) DO UPDATE SET format_version = excluded.format_version, run_id = excluded.run_id, request_id = excluded.request_id,
    tenant = excluded.tenant, trusted_text = excluded.trusted_text, pending = excluded.pending, run_state = excluded.run_state, created_at = excluded.created_at`;

const rowValues = (pause: StoredPause) => [pause.threadId, PAUSE_FORMAT_VERSION, pause.runId, pause.requestId, pause.tenant, pause.trustedText, JSON.stringify(pause.pending), pause.runState, pause.createdAt];

/** The pause store at `location`: the SQLite file, or PostgreSQL for a `postgres://` URL. */
export async function openPauseStore(location: string): Promise<PauseStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? new PostgresPauseStore(await openPostgresPool(target.url, 'openai_agents', POSTGRES_MIGRATIONS)) : SqlitePauseStore.open(target.path);
}

/** Pauses in the shared SQLite file (component `openai_agents`). */
export class SqlitePauseStore extends SqliteStore implements PauseStore {
  static open(path: string): SqlitePauseStore {
    return new SqlitePauseStore(openSqliteDatabase(path, 'openai_agents', MIGRATIONS));
  }

  async save(pause: StoredPause): Promise<void> {
    this.db.prepare(UPSERT.replace(/\$\d+/g, '?')).run(...rowValues(pause));
  }

  async get(threadId: string): Promise<StoredPause | undefined> {
    const row = this.db.prepare('SELECT * FROM openai_agents_pauses WHERE thread_id = ?').get(threadId) as PauseRow | undefined;
    return row && toPause(threadId, row);
  }

  async delete(threadId: string): Promise<void> {
    this.db.prepare('DELETE FROM openai_agents_pauses WHERE thread_id = ?').run(threadId);
  }
}

/** Pauses in PostgreSQL (component `openai_agents`): any worker on any machine resumes them. */
export class PostgresPauseStore extends PostgresStore implements PauseStore {
  async save(pause: StoredPause): Promise<void> {
    await this.pool.query(UPSERT, rowValues(pause));
  }

  async get(threadId: string): Promise<StoredPause | undefined> {
    const row = (await this.pool.query<PauseRow>('SELECT * FROM openai_agents_pauses WHERE thread_id = $1', [threadId])).rows[0];
    return row && toPause(threadId, row);
  }

  async delete(threadId: string): Promise<void> {
    await this.pool.query('DELETE FROM openai_agents_pauses WHERE thread_id = $1', [threadId]);
  }
}

function toPause(threadId: string, row: PauseRow): StoredPause {
  if (row.format_version !== PAUSE_FORMAT_VERSION) throw new Error(`the pause of thread ${threadId} has format ${row.format_version}; this Waybill reads ${PAUSE_FORMAT_VERSION}`);
  const pending = PendingJson.safeParse(safeJson(row.pending));
  if (!pending.success) throw new Error(`the pause of thread ${threadId} is unreadable: ${pending.error.issues[0]?.message ?? 'bad pending call'}`);
  return { threadId: row.thread_id, runId: row.run_id, requestId: row.request_id, tenant: row.tenant, trustedText: row.trusted_text, pending: pending.data, runState: row.run_state, createdAt: row.created_at };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
