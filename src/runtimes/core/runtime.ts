import type { DomainStore } from '../../domain/index.js';
import type { ControlStore } from '../../policy/index.js';
import type { AlsoInTransaction, AuditEvent, RunPending, RunRecord, RunRuntime, RunStore, RunVariant } from '../../telemetry/index.js';

/** The three implementations of the same case. */
export type RuntimeName = RunRuntime;

/** One request as any client (CLI, HTTP service, evals, compare) puts it to a runtime. */
export interface AskRequest {
  input: string;
  threadId?: string;
  tenant?: string;
  requestId?: string;
  /** Chosen by the caller when it must know the id before the run ends (e.g. an asynchronous API call). */
  runId?: string;
  /**
   * Who asked, for a staged rollout (docs/rollout.md): the same user of a tenant always lands on the same
   * arm of a change. Default: the thread id (a caller with no user identity stays on one arm per thread).
   */
  user?: string;
  /** The caller is one of the tenant's own staff (an admin key, the local operator): the `internal` stage admits only them. */
  internal?: boolean;
  /** The rollout arm this run is routed to; set by the runtime pool (src/rollout), recorded on the run record. */
  variant?: RunVariant;
}

/** An operator's decision on a paused run. */
export type Decision =
  | { type: 'approve'; by: string }
  | { type: 'edit'; by: string; args: Record<string, unknown> }
  | { type: 'reject'; by: string; reason: string };

/**
 * `defer`: record the decision and the intent to resume, and leave the resume to `recover` (a worker).
 * `alsoInTransaction`: writes that commit with the decision's claim or not at all (the queue's job to
 * resume it, on PostgreSQL). `runId`: the id the resumed run is recorded under (a caller that keys
 * its own records by the kernel's run id, as the Agent Protocol does); a fresh one otherwise.
 */
export interface DecideOptions {
  defer?: boolean;
  alsoInTransaction?: AlsoInTransaction;
  runId?: string;
  /**
   * The rollout arm the resumed part is recorded under; default: the paused run's. The runtime pool sets
   * it when the arm's version can no longer run the part (docs/rollout.md "A run keeps its arm").
   */
  variant?: RunVariant;
}

/** `variant`: as DecideOptions' `variant`, for each run a recovery finishes (default: the arm it started on). */
export interface RecoverOptions {
  variant?: RunVariant;
}

/** What a thread is doing, as any process reads it. */
export interface ThreadState {
  thread_id: string;
  status: RunRecord['status'] | 'unknown';
  pending?: RunPending;
}

/**
 * Called after each run (or resumed run) is stored, with its record and audit events: for traces,
 * metrics and webhooks. Errors it throws are swallowed: observing a run never changes its outcome.
 */
export type RunObserver = (record: RunRecord, events: readonly AuditEvent[]) => void | Promise<void>;

/**
 * One opened runtime, whatever the framework under it: the one interface the CLI, the HTTP service,
 * evals, exercises and `compare` use. `decide` throws DecisionError (`nothing_pending` on a runtime that
 * never pauses). The stores are the ones the runtime writes to, for reading (reports, graders).
 */
export interface Runtime {
  readonly name: RuntimeName;
  /** The model that serves, e.g. `waybill-offline-planner`. */
  readonly modelName: string;
  readonly domain: DomainStore;
  readonly controls: ControlStore;
  readonly runs: RunStore;
  /** Runs one request to its end or to a pause for approval. */
  ask(request: AskRequest): Promise<RunRecord>;
  /** Whether a thread is paused and on what, read from the shared store. */
  state(threadId: string): Promise<ThreadState>;
  /**
   * Applies an operator's decision to a paused thread, from any process (options: DecideOptions).
   */
  decide(threadId: string, decision: Decision, options?: DecideOptions): Promise<RunRecord>;
  /**
   * Finishes the thread's runs whose process died (a killed `ask` or `approve`), exactly once each, and
   * returns their records; throws DecisionError `thread_busy` / `already_decided` while a live process
   * holds one. Nothing to finish: an empty list.
   */
  recover(threadId: string, options?: RecoverOptions): Promise<RunRecord[]>;
  close(): Promise<void>;
}
