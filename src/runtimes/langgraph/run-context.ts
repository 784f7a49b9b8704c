import { AsyncLocalStorage } from 'node:async_hooks';
import type { DelegationContract } from '../../agents/index.js';
import type { ToolEvidence } from '../../fleet/index.js';
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

// Failures of one tool end the sub-task that met them; the run goes on with the other sub-tasks and
// says what is missing (partial degradation). Every other stop ends the whole run.
const TASK_SCOPED = ['tool_timeout:', 'tool_error_exhausted:', 'tool_unhealthy:'];
const isTaskScoped = (reason: StopReason) => TASK_SCOPED.some((prefix) => reason.startsWith(prefix));

interface Shared {
  toolCalls: ToolCallRecord[];
  events: AuditEventInput[];
  subtasks: DelegationContract[];
  steps: number;
  delegations: number;
}

/**
 * Per-run state that must not live in the checkpoint (it is rebuilt when a run resumes in another
 * process): the first stop reason wins, and every step leaves an audit event. A delegation runs in a
 * child context: same run, budgets and evidence, its own call path, tool evidence and task-scoped stop.
 */
export class RunContext {
  readonly init: RunContextInit;
  /** The agent this context runs, and the delegation chain from the root that led to it. */
  readonly agent: string;
  readonly path: readonly string[];
  readonly taskId: string | undefined;
  readonly parent: RunContext | undefined;
  /** This context's own tool results, raw: the evidence its delegation is judged on. */
  readonly toolEvidence: ToolEvidence[] = [];
  readonly #shared: Shared;
  #stop: { reason: StopReason; detail: string } | undefined;
  /** Switches as read by the last step gate. */
  controls: ControlSnapshot | undefined;
  /** Set while applying an operator's decision: approval is being answered, not requested. */
  resuming = false;

  /** `rootAgent`: the agent at the top of the tree, `supervisor` unless a single agent runs alone. */
  constructor(init: RunContextInit, link?: { parent: RunContext; agent: string; taskId: string; shared: Shared }, rootAgent = 'supervisor') {
    this.init = init;
    this.parent = link?.parent;
    this.agent = link?.agent ?? rootAgent;
    this.path = link ? [...link.parent.path, link.agent] : [rootAgent];
    this.taskId = link?.taskId;
    this.#shared = link?.shared ?? { toolCalls: [], events: [], subtasks: [], steps: 0, delegations: 0 };
  }

  /** A context for a delegated sub-task of `agent`, under this one. */
  child(agent: string): RunContext {
    this.#shared.delegations += 1;
    return new RunContext(this.init, { parent: this, agent, taskId: `d${this.#shared.delegations}`, shared: this.#shared });
  }

  get toolCalls(): ToolCallRecord[] {
    return this.#shared.toolCalls;
  }

  get events(): AuditEventInput[] {
    return this.#shared.events;
  }

  /** Every delegation's contract, in the order they ended. */
  get subtasks(): DelegationContract[] {
    return this.#shared.subtasks;
  }

  /** Delegations started in the whole run, across the tree (the task-wide count). */
  get delegations(): number {
    return this.#shared.delegations;
  }

  get steps(): number {
    return this.#shared.steps;
  }

  set steps(value: number) {
    this.#shared.steps = value;
  }

  /**
   * Records why the run must end; only the first reason counts (one stop reason per run). In a child, a
   * tool failure ends only the sub-task; anything else is passed up and ends the run.
   */
  stop(reason: StopReason, detail: string): void {
    this.#stop ??= { reason, detail };
    if (this.parent && !isTaskScoped(reason)) this.parent.stop(reason, detail);
  }

  /** The stop in force here: this context's own, else an ancestor's (a killed run halts every child). */
  get stopped(): { reason: StopReason; detail: string } | undefined {
    return this.#stop ?? this.parent?.stopped;
  }

  /** Only this context's own stop, e.g. a sub-task ended by a breaker. */
  get ownStop(): { reason: StopReason; detail: string } | undefined {
    return this.#stop;
  }

  audit(event: Omit<AuditEventInput, 'agent'> & { agent: string }): void {
    this.#shared.events.push(this.taskId !== undefined && event.task_id === undefined ? { ...event, task_id: this.taskId } : event);
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
