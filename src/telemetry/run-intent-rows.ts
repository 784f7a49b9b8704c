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
