import { AsyncLocalStorage } from 'node:async_hooks';
import { addRunUsage, checkBeforeStep, costOf, RunBudget } from '../../policy/index.js';
import type { ControlStore, RunLimits, StopReason } from '../../policy/index.js';
import type { AuditEvent, RunApproval, RunPending, RunRecord, RunRuntime, RunToolCall } from '../../telemetry/index.js';
import { stampAuditEvents, statusForStopReason } from '../../telemetry/index.js';

/** An audit event before the run's identity and timestamp are stamped on it. */
export interface JournalEvent {
  agent: string;
  parent?: string | null;
  type: AuditEvent['type'];
  tool?: string;
  args?: unknown;
  duration_ms?: number;
  status: AuditEvent['status'];
  detail?: string;
}

/** Who a run is and where it belongs; fixed when the run starts. */
export interface JournalIdentity {
  runtime: RunRuntime;
  runId: string;
  requestId: string;
  tenant: string;
  threadId: string;
  /** The user's own words: the only text that may initiate a write. */
  trustedText: string;
  /** Priced at this model's rates (the name every agent sends). */
  model: string;
  now: () => Date;
}

/**
 * What one run of a framework runtime leaves behind, collected as it happens (model calls, tool calls,
 * audit events, the first stop reason) and turned into the run record both extra runtimes share with
 * LangGraph. Frameworks call back into it through `currentJournal()`, so no framework state has to
 * carry it: a resumed run in another process starts a fresh journal.
 */
export class RunJournal {
  readonly identity: JournalIdentity;
  readonly started: Date;
  readonly toolCalls: RunToolCall[] = [];
  readonly events: JournalEvent[] = [];
  steps = 0;
  promptTokens = 0;
  completionTokens = 0;
  /** Set when a model reply said the request is outside what it can do (the oracle's header). */
  unavailable = false;
  /** The run's own budget (steps, time, tokens, USD), checked by the step gate. */
  readonly budget: RunBudget;
  readonly #controls: ControlStore | undefined;
  #stop: { reason: StopReason; detail: string } | undefined;

  /** `controls`: the operator switches and tenant budgets; without them only the run budget is checked. */
  constructor(identity: JournalIdentity, options: { controls?: ControlStore; limits?: Partial<RunLimits> } = {}) {
    this.identity = identity;
    this.started = identity.now();
    this.budget = new RunBudget(options.limits ?? {}, () => identity.now().getTime());
    this.#controls = options.controls;
  }

  /**
   * The step gate before a model call, as LangGraph's policy middleware runs it: kill switch, tenant
   * switch, the run budget and the tenant's daily budget, read fresh, so an operator's switch lands on
   * the next model call. False when the call must not happen; the run is then stopped and audited.
   */
  async beforeModelCall(agent: string): Promise<boolean> {
    if (this.#stop) return false;
    const own = this.budget.check();
    const decision = this.#controls ? await checkBeforeStep({ tenant: this.identity.tenant, controls: this.#controls, budget: this.budget }) : own ? { proceed: false as const, stopReason: own } : { proceed: true as const };
    if (decision.proceed) return true;
    this.stop(decision.stopReason, `stopped before a model call of ${agent}`);
    this.audit({ agent, type: decision.stopReason === 'operator_kill' ? 'kill' : 'budget.stop', status: 'denied', detail: decision.stopReason });
    return false;
  }

  /** Adds the finished run to its tenant's daily usage (what the daily budget is checked against). */
  async recordTenantUsage(record: RunRecord): Promise<void> {
    if (this.#controls) await addRunUsage(this.#controls, record);
  }

  /** Records why the run must end; only the first reason counts (one stop reason per run). */
  stop(reason: StopReason, detail: string): void {
    this.#stop ??= { reason, detail };
  }

  get stopped(): { reason: StopReason; detail: string } | undefined {
    return this.#stop;
  }

  audit(event: JournalEvent): void {
    this.events.push(event);
  }

  /** One model call as the endpoint reported it. */
  modelCall(agent: string, usage: { prompt_tokens?: number; completion_tokens?: number } | undefined, durationMs: number): void {
    const prompt = usage?.prompt_tokens ?? 0;
    const completion = usage?.completion_tokens ?? 0;
    this.steps += 1;
    this.promptTokens += prompt;
    this.completionTokens += completion;
    this.budget.recordStep();
    this.budget.recordUsage({ promptTokens: prompt, completionTokens: completion, usd: costOf({ model: this.identity.model, promptTokens: prompt, completionTokens: completion }) ?? 0 });
    this.audit({ agent, type: 'model.call', status: 'ok', duration_ms: durationMs, detail: `${this.identity.model}: ${prompt}+${completion} tokens` });
  }

  /** The run record and its audit events; `answer` is final (already redacted by the output guard). */
  finish(outcome: { reason: StopReason; answer: string; pending?: RunPending; approval?: RunApproval }): { record: RunRecord; events: AuditEvent[] } {
    const { identity } = this;
    const finished = identity.now();
    this.audit({ agent: 'supervisor', type: 'run.end', status: outcome.reason === 'finish' || outcome.reason === 'awaiting_approval' ? 'ok' : 'error', detail: outcome.reason });
    const usd = costOf({ model: identity.model, promptTokens: this.promptTokens, completionTokens: this.completionTokens }) ?? 0;
    const record: RunRecord = {
      run_id: identity.runId,
      request_id: identity.requestId,
      tenant: identity.tenant,
      thread_id: identity.threadId,
      runtime: identity.runtime,
      status: statusForStopReason(outcome.reason),
      stop_reason: outcome.reason,
      answer: outcome.answer,
      steps: this.steps,
      tool_calls: this.toolCalls,
      usage: { prompt_tokens: this.promptTokens, completion_tokens: this.completionTokens, usd },
      started_at: this.started.toISOString(),
      duration_ms: Math.max(0, finished.getTime() - this.started.getTime()),
      ...(outcome.pending && { pending: outcome.pending }),
      ...(outcome.approval && { approval: outcome.approval }),
    };
    const events = stampAuditEvents(this.events, record, identity.now);
    return { record, events };
  }
}

const scope = new AsyncLocalStorage<RunJournal>();

/** Runs `fn` with `journal` visible to every tool, guard and model call it reaches, however nested. */
export function withJournal<T>(journal: RunJournal, fn: () => Promise<T>): Promise<T> {
  return scope.run(journal, fn);
}

/** The run the caller is part of, or undefined outside one (e.g. a framework's own housekeeping call). */
export function currentJournal(): RunJournal | undefined {
  return scope.getStore();
}
