import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConcurrencyCap, ControlSnapshot, ControlStore, DomainPolicy, LoopDetector, RateLimiter, RunBudget, StopReason, ToolResilience } from '../../policy/index.js';
import type { UsageLedger } from '../../models/index.js';
import type { AuditEventInput, ToolCallRecord } from './run-types.js';

/** Everything one run (or one resumed run) carries through the graph: identity, budgets, evidence. */
export interface RunContextInit {
  runId: string;
  requestId: string;
  tenant: string;
  threadId: string;
  /** The user's own words: the only text that may initiate a write. */
  trustedText: string;
  budget: RunBudget;
  controls: ControlStore;
  loops: LoopDetector;
  resilience: ToolResilience;
  /** Per tenant and tool, shared by every run of the process. */
  rateLimiter: RateLimiter;
  concurrency: ConcurrencyCap;
  ledger: UsageLedger;
  policy: DomainPolicy;
  now: () => Date;
}

/**
 * Per-run state that must not live in the checkpoint (it is rebuilt when a run resumes in another
 * process): the first stop reason wins, and every step leaves an audit event.
 */
export class RunContext {
  readonly init: RunContextInit;
  readonly toolCalls: ToolCallRecord[] = [];
  readonly events: AuditEventInput[] = [];
  #stop: { reason: StopReason; detail: string } | undefined;
  /** Switches as read by the last step gate. */
  controls: ControlSnapshot | undefined;
  tainted = false;
  /** Set while applying an operator's decision: approval is being answered, not requested. */
  resuming = false;
  steps = 0;

  constructor(init: RunContextInit) {
    this.init = init;
  }

  /** Records why the run must end; only the first reason counts (one stop reason per run). */
  stop(reason: StopReason, detail: string): void {
    this.#stop ??= { reason, detail };
  }

  get stopped(): { reason: StopReason; detail: string } | undefined {
    return this.#stop;
  }

  audit(event: Omit<AuditEventInput, 'agent'> & { agent: string }): void {
    this.events.push(event);
  }
}

const scope = new AsyncLocalStorage<RunContext>();

/** Runs `fn` with `context` visible to every middleware and tool it reaches, however deeply nested. */
export function withRunContext<T>(context: RunContext, fn: () => Promise<T>): Promise<T> {
  return scope.run(context, fn);
}

/** The run the caller is part of; throws when called outside one (a wiring bug, not user input). */
export function currentRun(): RunContext {
  const context = scope.getStore();
  if (!context) throw new Error('no run context: agents must be invoked through LangGraphRuntime');
  return context;
}
