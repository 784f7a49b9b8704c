import type { DomainStore } from '../domain/index.js';
import type { AuditEvent, RunRecord } from '../telemetry/index.js';

/** A request as an eval sends it. */
export interface EvalAsk {
  input: string;
  threadId: string;
  tenant?: string;
}

/** An operator's decision on a paused run, as the runtimes take it. */
export type EvalDecision =
  | { type: 'approve'; by: string }
  | { type: 'edit'; by: string; args: Record<string, unknown> }
  | { type: 'reject'; by: string; reason: string };

/**
 * One fresh, isolated Waybill (its own domain, runs and checkpoints) for one trial, so trials never
 * see each other's writes. Graders read `domain` for the final state and `events` for the trace.
 */
export interface EvalSession {
  ask(request: EvalAsk): Promise<RunRecord>;
  decide(threadId: string, decision: EvalDecision): Promise<RunRecord>;
  events(runId: string): Promise<AuditEvent[]>;
  readonly domain: DomainStore;
  /** The model that served, e.g. `waybill-offline-planner`. */
  readonly modelName: string;
  close(): Promise<void>;
}

/** What `open` may be given; runtimes ignore what they cannot use. */
export interface EvalOpenOptions {
  /** A database file prepared by the caller (planted content); default a fresh in-memory one. */
  dbPath?: string;
  /**
   * A model to use instead of the environment's (e.g. the attacker-controlled double). Its type is the
   * runtime's own (a LangChain chat model for `langgraph`); a runtime throws TypeError for one it cannot use.
   */
  model?: unknown;
  /** Force the offline planner whatever the environment configures (tests, `--offline`). */
  offline?: boolean;
}

/**
 * A runtime the evals can drive. `langgraph` exists; the OpenAI Agents SDK and ADK runtimes plug in
 * by implementing this and adding themselves to `EVAL_RUNTIMES`.
 */
export interface EvalRuntime {
  readonly name: string;
  open(options?: EvalOpenOptions): Promise<EvalSession>;
}
