import type { SqlDialect } from '../../storage/index.js';

/**
 * The `agent_protocol` component, version 1 — Agent Protocol threads (owned by one tenant), their
 * checkpoints (one per run end) and runs. PostgreSQL's `seq` stands in for SQLite's rowid: the
 * tie-break between rows written in the same millisecond.
 */
export const protocolSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE ap_threads (
        thread_id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        metadata TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL${d.insertionOrder}
      );
      CREATE INDEX ap_threads_tenant ON ap_threads (tenant, updated_at);
      CREATE TABLE ap_checkpoints (
        checkpoint_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL REFERENCES ap_threads (thread_id) ON DELETE CASCADE,
        parent_id TEXT,
        run_id TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at TEXT NOT NULL${d.insertionOrder}
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
        updated_at TEXT NOT NULL${d.insertionOrder}
      );
      CREATE INDEX ap_runs_thread ON ap_runs (thread_id, created_at);
    `;

/**
 * Version 2 — each run's stream events (`ap_events`, numbered per run from 1: the `id` a client sends
 * back as `Last-Event-ID`), the stream modes a run was started with (a rejoin that names none gets
 * them), and a cancel request any process can file for the process running the run. A thread's status
 * is no longer stored (it is read from its runs and the kernel's records); one pending or running run
 * per thread is the unique index `ap_runs_one_active`. Runs a version-1 process left running cannot be
 * continued by this one: they end as `error`.
 */
export const PROTOCOL_SCHEMA_V2 = `
      UPDATE ap_runs SET status = 'error' WHERE status = 'running';
      ALTER TABLE ap_threads DROP COLUMN status;
      CREATE UNIQUE INDEX ap_runs_one_active ON ap_runs (thread_id) WHERE status IN ('pending', 'running');
      ALTER TABLE ap_runs ADD COLUMN stream_modes TEXT;
      ALTER TABLE ap_runs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE ap_events (
        run_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      );
      CREATE INDEX ap_runs_status ON ap_runs (status, updated_at);
    `;

/**
 * Version 3 — one owner for a thread: the kernel's `thread_owners` (component `runs`, migrated first by
 * `openProtocolStore`). A protocol thread's tenant was a copy of it, and a run's tenant a copy of its
 * thread's: both columns go, after any thread with no kernel owner yet gets its protocol tenant as owner.
 */
export const PROTOCOL_SCHEMA_V3 = `
      INSERT INTO thread_owners (thread_id, tenant, claimed_at) SELECT thread_id, tenant, created_at FROM ap_threads WHERE true ON CONFLICT (thread_id) DO NOTHING;
      DROP INDEX ap_threads_tenant;
      ALTER TABLE ap_threads DROP COLUMN tenant;
      ALTER TABLE ap_runs DROP COLUMN tenant;
    `;

/**
 * Version 4 — a protocol run's status is the kernel's: read from its run record (`runs`, the same run
 * id), never stored. What stays is what only the protocol has: the request (assistant, metadata, stream
 * modes), the stamp of the process that drives its stream (`heartbeat_at`, null while queued), a cancel
 * request, and when its stream was complete (`ended_at`: the last event stored; the one-open-run-per-thread
 * index). A resume started before this version was recorded by the kernel under another id: that id
 * stays in `legacy_record_run_id` (later runs are recorded under their own id, so it is null).
 */
export const PROTOCOL_SCHEMA_V4 = `
      ALTER TABLE ap_runs ADD COLUMN heartbeat_at TEXT;
      ALTER TABLE ap_runs ADD COLUMN ended_at TEXT;
      UPDATE ap_runs SET heartbeat_at = updated_at WHERE status = 'running';
      UPDATE ap_runs SET ended_at = updated_at WHERE status NOT IN ('pending', 'running');
      UPDATE ap_runs SET record_run_id = NULL WHERE record_run_id = run_id;
      ALTER TABLE ap_runs RENAME COLUMN record_run_id TO legacy_record_run_id;
      DROP INDEX ap_runs_one_active;
      DROP INDEX ap_runs_status;
      CREATE UNIQUE INDEX ap_runs_one_open ON ap_runs (thread_id) WHERE ended_at IS NULL;
      ALTER TABLE ap_runs DROP COLUMN status;
      ALTER TABLE ap_runs DROP COLUMN updated_at;
    `;

/**
 * Version 5 — a checkpoint keeps only what the protocol alone knows: the conversation with each
 * question in full and each answer as a reference to the kernel run that gave it (`messages`); the
 * answer's text and the interrupt of a pause are read from the kernel's run records. `state` (the values
 * with the answers, and the interrupts: a copy of those records) goes once each row's messages are
 * written from it (`checkpointMessagesFromState`, run row by row by each backend's migration).
 */
export const PROTOCOL_SCHEMA_V5_ADD = `ALTER TABLE ap_checkpoints ADD COLUMN messages TEXT NOT NULL DEFAULT '[]';`;
export const PROTOCOL_SCHEMA_V5_DROP = 'ALTER TABLE ap_checkpoints DROP COLUMN state;';

/** A version-4 checkpoint's `state` as version 5 stores it: its messages, each answer as a reference to its kernel run. */
export function checkpointMessagesFromState(state: string): string {
  const messages = (JSON.parse(state) as { values?: { messages?: unknown } }).values?.messages;
  if (!Array.isArray(messages)) return '[]';
  return JSON.stringify(messages.map((m: unknown) => {
    if (!m || typeof m !== 'object' || (m as { type?: unknown }).type !== 'ai' || typeof (m as { id?: unknown }).id !== 'string') return m;
    const { id, response_metadata: meta } = m as { id: string; response_metadata?: { waybill?: { run_id?: unknown } } };
    const named = meta?.waybill?.run_id;
    return { type: 'ai', id, run_id: typeof named === 'string' ? named : id.replace(/-ai$/, '') };
  }));
}
