import type { StopReason } from '../policy/index.js';
import type { AuditEvent } from './audit-event.js';
import type { RunRecord, RunStatus } from './run-record.js';

/** Default and largest `limit` of `listRuns`. */
export const RUN_LIST_DEFAULT_LIMIT = 50;
export const RUN_LIST_MAX_LIMIT = 500;

/** Which runs `listRuns` returns; `since` (inclusive) and `until` (exclusive) bound `started_at`. */
export interface RunFilter {
  status?: RunStatus;
  stopReason?: StopReason;
  requestId?: string;
  tenant?: string;
  /** An instant `Date` can parse, e.g. `2026-11-30T00:00:00Z`. */
  since?: string;
  until?: string;
  /** Whole number 1..500; default 50. */
  limit?: number;
}

/** Who decided which paused run, and how. */
export interface DecisionClaim {
  pausedRunId: string;
  threadId: string;
  decision: 'approve' | 'edit' | 'reject';
  by: string;
}

/**
 * Runs newest first, and the stored rows that could not be read back: they are skipped rather than
 * failing the listing, and counted here so the caller can say so. Skipped rows count towards `limit`.
 */
export interface RunListing {
  runs: RunRecord[];
  skipped: number;
  skippedRunIds: string[];
}

/**
 * Where run records and their audit events are kept. Records are validated on the way in
 * (RunStoreError `invalid_record` / `invalid_event`); a single stored run that cannot be read back makes
 * `getRun` / `latestRunForThread` throw RunStoreError `corrupt_record` naming it (it exists, so
 * "not found" would be a lie), while `listRuns` skips and counts it.
 */
export interface RunStore {
  /** Inserts or replaces the run with this `run_id`; stamps `updated_at` from the store's clock. */
  saveRun(record: RunRecord): Promise<void>;
  /** The run, or undefined if there is none. */
  getRun(runId: string): Promise<RunRecord | undefined>;
  /** The thread's most recently started run, or undefined. */
  latestRunForThread(threadId: string): Promise<RunRecord | undefined>;
  listRuns(filter?: RunFilter): Promise<RunListing>;
  /** Appends events in one transaction: all or none. */
  appendEvents(events: readonly AuditEvent[]): Promise<void>;
  /**
   * Optional: the run's record and its events in one transaction, for records the runtime has just
   * built (no validation again). Without it, finishRun calls saveRun, then appendEvents.
   */
  saveFinishedRun?(record: RunRecord, events: readonly AuditEvent[]): Promise<void>;
  /** A run's events in the order they were appended. */
  listEvents(runId: string): Promise<AuditEvent[]>;
  /**
   * Deletes runs last updated before `cutoffIso` with their events (and events older than the cutoff
   * whose run was never saved), except runs awaiting approval: a paused run is kept however old, so its
   * thread (and checkpoints) survive until it is decided. Returns, sorted, the ids of threads that now
   * have no run left, so the caller can delete their checkpoints.
   */
  pruneOlderThan(cutoffIso: string): Promise<string[]>;
  /**
   * Claims the right to decide one paused run: true for the first caller, false for every later one
   * (in any process sharing the store), so exactly one decision resumes the run.
   */
  claimDecision(claim: DecisionClaim): Promise<boolean>;
  /** Gives a claim back when the decision could not be applied (e.g. an invalid edit). */
  releaseDecision(pausedRunId: string): Promise<void>;
  /**
   * Claims `threadId` for `tenant` if no tenant owns it yet (one row per thread, written atomically) and
   * returns the owner: the first run on a thread makes its tenant the owner before any model call, so
   * another tenant's run on it is refused whether or not a run is in flight.
   */
  claimThread(threadId: string, tenant: string): Promise<string>;
  close(): Promise<void>;
}
