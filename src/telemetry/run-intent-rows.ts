import type { IntentDecision, NewRunIntent, RunIntent } from './run-intent.js';
import type { RunRuntime } from './run-record.js';
import { RunVariant } from './run-record.js';

/** The `run_intents` table, the same on both backends (SQLite runs migration 4, PostgreSQL 4). */
export const RUN_INTENTS_DDL = `
  CREATE TABLE run_intents (
    run_id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    request_id TEXT NOT NULL,
    runtime TEXT NOT NULL,
    kind TEXT NOT NULL,
    input TEXT NOT NULL,
    paused_run_id TEXT,
    decision TEXT,
    started_at TEXT NOT NULL,
    owner TEXT NOT NULL,
    lease_until TEXT NOT NULL,
    attempts INTEGER NOT NULL
  );
  CREATE INDEX run_intents_thread_id ON run_intents (thread_id);
  CREATE UNIQUE INDEX run_intents_paused_run_id ON run_intents (paused_run_id);
`;

/** Runs migration 5 on both backends: the rollout arm a run in flight started on (JSON, or NULL). */
export const RUN_INTENTS_VARIANT_DDL = 'ALTER TABLE run_intents ADD COLUMN variant TEXT';

/**
 * Migration 6: one run in flight a thread. A start reads the thread's intents and then inserts its own
 * (admitThread, beginIntent), and run_intents is unique on run_id only, so two starts on one thread
 * in the same instant both began. An intent inserted on a thread that already has one is now skipped,
 * as a conflict on run_id is, and the start is refused `thread_busy`. A trigger rather than a unique
 * index on thread_id: an index could not be built over a file or database that the race already gave
 * two intents on one thread, and those stay to be recovered. SQLite runs an insert's trigger under the
 * write lock the insert already holds.
 */
export const SQLITE_ONE_INTENT_PER_THREAD_DDL = `
  CREATE TRIGGER run_intents_one_per_thread BEFORE INSERT ON run_intents
  WHEN EXISTS (SELECT 1 FROM run_intents WHERE thread_id = NEW.thread_id)
  BEGIN SELECT RAISE(IGNORE); END;
`;

/**
 * {@link SQLITE_ONE_INTENT_PER_THREAD_DDL} on PostgreSQL: two inserts at read committed do not see each
 * other's rows, so the trigger first takes a transaction lock on the thread (its schema in the key:
 * other deployments in the database do not wait on it), then reads with a snapshot taken after the lock,
 * which sees an intent the holder committed. The row is skipped (no error), as ON CONFLICT DO NOTHING
 * skips it.
 */
export const POSTGRES_ONE_INTENT_PER_THREAD_DDL = `
  CREATE FUNCTION run_intents_one_per_thread() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(TG_TABLE_SCHEMA || '.run_intents.' || NEW.thread_id, 0));
    IF EXISTS (SELECT 1 FROM run_intents WHERE thread_id = NEW.thread_id) THEN
      RETURN NULL;
    END IF;
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER run_intents_one_per_thread BEFORE INSERT ON run_intents FOR EACH ROW EXECUTE FUNCTION run_intents_one_per_thread();
`;

export interface RunIntentRow {
  run_id: string;
  thread_id: string;
  tenant: string;
  request_id: string;
  runtime: string;
  kind: string;
  input: string;
  paused_run_id: string | null;
  decision: string | null;
  variant: string | null;
  started_at: string;
  owner: string;
  lease_until: string;
  attempts: number;
}

/** Named parameters of an insert (SQLite `@name`); PostgreSQL takes `Object.values` in this order. */
export function intentParams(intent: NewRunIntent): Omit<RunIntentRow, 'attempts'> {
  return {
    run_id: intent.runId,
    thread_id: intent.threadId,
    tenant: intent.tenant,
    request_id: intent.requestId,
    runtime: intent.runtime,
    kind: intent.kind,
    input: intent.input,
    paused_run_id: intent.pausedRunId ?? null,
    decision: intent.decision ? JSON.stringify(intent.decision) : null,
    variant: intent.variant ? JSON.stringify(intent.variant) : null,
    started_at: intent.startedAt,
    owner: intent.owner,
    lease_until: intent.leaseUntil,
  };
}

export function toIntent(row: RunIntentRow): RunIntent {
  return {
    runId: row.run_id,
    threadId: row.thread_id,
    tenant: row.tenant,
    requestId: row.request_id,
    runtime: row.runtime as RunRuntime,
    kind: row.kind === 'resume' ? 'resume' : 'ask',
    input: row.input,
    ...(row.paused_run_id !== null && { pausedRunId: row.paused_run_id }),
    ...(row.decision !== null && { decision: JSON.parse(row.decision) as IntentDecision }),
    ...variantOf(row.variant),
    startedAt: row.started_at,
    owner: row.owner,
    leaseUntil: row.lease_until,
    attempts: Number(row.attempts),
  };
}

// A stored arm that no longer parses (written by a newer build) is left out rather than trusted: the run
// then finishes on the framework's base target, as a run without an arm does.
function variantOf(text: string | null | undefined): { variant?: RunVariant } {
  if (text === null || text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = RunVariant.safeParse(value);
  return parsed.success ? { variant: parsed.data } : {};
}
