import type { StopReason } from '../policy/index.js';
import type { CompanionWrite } from '../storage/index.js';
import type { AuditEvent } from './audit-event.js';
import type { IntentHolder, LeaseSwap, NewRunIntent, RunIntent } from './run-intent.js';
import type { RunRecord, RunStatus } from './run-record.js';
import type { RunDayCount, UsageWindow } from './usage-window.js';

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

/** SQL run in another store's transaction, in the shape pg-boss takes as `db` (`executeSql`). */
interface TransactionSql {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** More writes that must commit with a claim, or not at all. */
export type AlsoInTransaction = (sql: TransactionSql) => Promise<void>;

/** Stored runs of one tenant, status and stop reason. */
export interface RunCount {
  tenant: string;
  status: string;
  stop_reason: string;
  runs: number;
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
  /**
   * Inserts or replaces the run with this `run_id`; stamps `updated_at` from the store's clock. A
   * `decided` pause is never replaced (a late writer of the pause must not undo its decision).
   */
  saveRun(record: RunRecord): Promise<void>;
  /** The run, or undefined if there is none. */
  getRun(runId: string): Promise<RunRecord | undefined>;
  /** The thread's most recently started run, or undefined. */
  latestRunForThread(threadId: string): Promise<RunRecord | undefined>;
  listRuns(filter?: RunFilter): Promise<RunListing>;
  /** Appends events in one transaction: all or none. */
  appendEvents(events: readonly AuditEvent[]): Promise<void>;
  /**
   * The end of a run in one transaction: its record, its events, and the removal of its intent (the
   * run is no longer in flight). For records the runtime has just built: no validation again. With
   * `holder` (a run that had an intent) it is the end only if that holding still has the intent: a
   * process that stalled past its lease, whose run another process took over (or already finished),
   * writes nothing, not even the writes `alongside`, and gets RunStoreError `lease_lost`.
   */
  saveFinishedRun(record: RunRecord, events: readonly AuditEvent[], alongside?: readonly CompanionWrite[], holder?: IntentHolder): Promise<void>;
  /**
   * Optional (PostgreSQL). Whether another store's write can ride in saveFinishedRun's statement
   * (`alongside`): it is on this store's database. The run's usage and budget charges then commit with
   * its record (issue 36: one WAL flush where there were three). SQLite refuses `alongside`.
   */
  carries?(write: CompanionWrite): boolean;
  /** How many stored runs there are per tenant, status and stop reason (for `/metrics`, whoever ran them). */
  countRuns(): Promise<RunCount[]>;
  /** Runs started on each UTC day of the window, per tenant and stop reason, with their tokens and cost (the usage report). */
  countRunsByDay(window: UsageWindow): Promise<RunDayCount[]>;
  /** A run's events in the order they were appended. */
  listEvents(runId: string): Promise<AuditEvent[]>;
  /**
   * Deletes runs last updated before `cutoffIso` with their events (and events older than the cutoff
   * whose run was never saved), except runs awaiting approval and runs of a thread with a run in flight
   * (a decided pause not yet resumed among them): they are kept however old, so their thread (and
   * checkpoints) survive until they are finished. Returns, sorted, the ids of threads that now
   * have no run left, so the caller can delete their checkpoints.
   */
  pruneOlderThan(cutoffIso: string): Promise<string[]>;
  /**
   * Claims the right to decide one paused run: true for the first caller, false for every later one
   * (in any process sharing the store), so exactly one decision resumes the run. `resume`, the intent
   * to resume the run with this decision, is written in the same transaction: a decision is never
   * durable without it, so a process that dies after the claim leaves a run any other can finish.
   * `alsoInTransaction` runs more SQL in the claim's transaction when it wins (a queue's job to resume:
   * PostgreSQL only; SQLite refuses it with RunStoreError `invalid_argument`).
   */
  claimDecision(claim: DecisionClaim, resume?: NewRunIntent, alsoInTransaction?: AlsoInTransaction): Promise<boolean>;
  /** Gives a claim back (with its resume intent) when the decision could not be applied (e.g. an invalid edit). */
  releaseDecision(pausedRunId: string): Promise<void>;
  /** Records that a run is in flight, before its first model call; false if an intent with this run id exists. */
  beginIntent(intent: NewRunIntent): Promise<boolean>;
  /** Runs in flight, oldest first: of one thread, or all. */
  listIntents(threadId?: string): Promise<RunIntent[]>;
  /**
   * Takes over a run in flight whose holder is gone: swaps the lease only if it is still the one the
   * caller saw (of two takers exactly one wins) and counts the attempt. Undefined when the swap lost.
   */
  takeIntent(runId: string, swap: LeaseSwap): Promise<RunIntent | undefined>;
  /**
   * Extends the holder's lease; false when the run is no longer held by `owner` (finished or taken over).
   * With `attempts`, only that holding's (a take counts one): a holding this very process took over
   * from itself is not renewed, or let lapse, by the one it replaced.
   */
  renewIntent(runId: string, owner: string, leaseUntil: string, attempts?: number): Promise<boolean>;
  /**
   * Claims `threadId` for `tenant` if no tenant owns it yet (one row per thread, written atomically) and
   * returns the owner: the first run on a thread makes its tenant the owner before any model call, so
   * another tenant's run on it is refused whether or not a run is in flight.
   */
  claimThread(threadId: string, tenant: string): Promise<string>;
  /**
   * `claimThread`, and with it, from the same snapshot, the thread's runs in flight (as `listIntents`)
   * and its latest run (as `latestRunForThread`): what a run's start reads, in one round trip where a
   * store can (PostgreSQL). Undefined when the claim lost a race with one committing meanwhile (the
   * snapshot cannot see the winner): the caller then claims and reads one by one.
   */
  claimThreadAndRead?(threadId: string, tenant: string): Promise<ThreadAdmission | undefined>;
  /**
   * `claimThreadAndRead`, and in the same statement `beginIntent(intent)` where a run's start would write
   * it next: the thread is `tenant`'s, has no run in flight and no run awaiting approval, and no run has
   * the intent's id (`began`). Claim and intent then commit together, one round trip and one commit
   * where there were two (PostgreSQL). Otherwise only the claim is written; undefined as for
   * `claimThreadAndRead`.
   */
  claimThreadAndBegin?(threadId: string, tenant: string, intent: NewRunIntent): Promise<(ThreadAdmission & { began: boolean }) | undefined>;
  /** The tenant that owns `threadId`, or undefined while no tenant has claimed it; claims nothing. */
  threadOwner(threadId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** What a run's start reads about its thread (RunStore.claimThreadAndRead). */
export interface ThreadAdmission {
  owner: string;
  intents: RunIntent[];
  latest: RunRecord | undefined;
}
