import type { SqlDialect } from '../storage/index.js';

/** The `runs` component, version 1 — `runs` (one row per run, the record as JSON) and `audit_events` (append-only). */
export const runsSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE runs (
        run_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        tenant TEXT NOT NULL,
        request_id TEXT NOT NULL,
        status TEXT NOT NULL,
        stop_reason TEXT NOT NULL,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        record TEXT NOT NULL,
        schema_version INTEGER NOT NULL
      );
      CREATE INDEX runs_thread_id ON runs (thread_id, started_at);
      CREATE INDEX runs_status ON runs (status, started_at);
      CREATE INDEX runs_started_at ON runs (started_at);
      CREATE INDEX runs_updated_at ON runs (updated_at);
      CREATE TABLE audit_events (
        id ${d.bigSerialKey},
        run_id TEXT NOT NULL,
        ts TEXT NOT NULL,
        type TEXT NOT NULL,
        event TEXT NOT NULL
      );
      CREATE INDEX audit_events_run_id ON audit_events (run_id, id);
    `;

/** Version 2 — `decisions`: one row per paused run that a human decided, so exactly one decision wins. */
export const DECISIONS_SCHEMA = `
      CREATE TABLE decisions (
        paused_run_id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        decided_by TEXT NOT NULL,
        decided_at TEXT NOT NULL
      );
    `;

/** Version 3 — `thread_owners` (each backend then backfills it from the runs it has). */
export const THREAD_OWNERS_SCHEMA = `
      CREATE TABLE thread_owners (
        thread_id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        claimed_at TEXT NOT NULL
      );
    `;
