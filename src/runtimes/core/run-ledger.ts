import { setTimeout as sleep } from 'node:timers/promises';
import type { DelegationContract } from '../../agents/index.js';
import type { ToolEvidence } from '../../fleet/index.js';
import type { UsageLedger } from '../../models/index.js';
import { detectLanguage } from '../../models/index.js';
import type { CallHold, ConcurrencyCap, ControlSnapshot, ControlStore, DailyBudgetStore, DailyHold, DomainPolicy, EndRunRequest, LoopDetector, RateLimiter, RunBudget, StopReason, ToolResilience } from '../../policy/index.js';
import { checkBeforeStep } from '../../policy/index.js';
import type { AuditEventDraft, RunPending, RunRuntime, RunToolCall, RunVariant, RunVerification } from '../../telemetry/index.js';
import type { DomainBoundary } from './domain-boundary.js';
import type { ExecutionCheck } from './execution-check.js';
import type { ReplyLanguage } from './reply-language.js';
import type { HeldLease } from './run-lease.js';
import type { RunWatch } from './run-progress.js';
import { currentRunWatch } from './run-progress.js';

/** Everything one run (or one resumed run) carries: identity, budgets, the process-wide tool guards. */
export interface RunLedgerInit {
  runtime: RunRuntime;
  runId: string;
  requestId: string;
  tenant: string;
  threadId: string;
  /** The user's own words: the only text that may initiate a write. */
  trustedText: string;
  budget: RunBudget;
  controls: ControlStore;
  loops: LoopDetector;
  /** Breakers and timeouts; they outlive runs (a failing tool stays open for the next run). */
  resilience: ToolResilience;
  /** Per tenant and tool, shared by every run of the process. */
  rateLimiter: RateLimiter;
  concurrency: ConcurrencyCap;
  usage: UsageLedger;
  policy: DomainPolicy;
  /** The proof loop: whether sub-task answers are verified against their tool results, and how often a failed one is retried. */
  proof: ProofSettings;
  now: () => Date;
  /** The MCP server as this run's tenant; absent only where a test drives a ledger without a domain. */
  boundary?: DomainBoundary;
  /** The rollout arm the run was routed to (docs/rollout.md), written on its record. */
  variant?: RunVariant;
  /** Tenants' daily budgets, charged per model call across processes; absent where a test drives a ledger alone. */
  dailyBudget?: DailyBudgetStore;
  /** Asked at the moment an irreversible call would run (the tenant's rollout stage, read now); absent outside a runtime pool. */
  executionCheck?: ExecutionCheck;
}

/** The proof loop's settings (docs/proof.md): on by default, 2 retries, at most 5. */
export interface ProofSettings {
  enabled: boolean;
  retries: number;
}

// Failures of one tool end the sub-task that met them; the run goes on with the other sub-tasks and
// says what is missing (partial degradation). Every other stop ends the whole run.
const TASK_SCOPED = ['tool_timeout:', 'tool_error_exhausted:', 'tool_unhealthy:'];
const isTaskScoped = (reason: StopReason) => TASK_SCOPED.some((prefix) => reason.startsWith(prefix));

interface Shared {
  toolCalls: RunToolCall[];
  /** Every tool result of the run, from every ledger: what a final answer is checked against. */
  evidence: ToolEvidence[];
  /** Full answers of the sub-tasks that passed their proof check, by task id. */
  verifiedAnswers: Map<string, string>;
  /** The proof check of each checked sub-task, by task id. */
  verifications: Map<string, RunVerification>;
  /** Answers of flagged sub-tasks (planted instructions), passed on only as quoted data, unchecked. */
  quotedAnswers: string[];
  events: AuditEventDraft[];
  subtasks: DelegationContract[];
  notes: string[];
  refusedByDomain: Set<string>;
  steps: number;
  delegations: number;
  notUnderstood: boolean;
  /** The approval whose grant the next irreversible call presents (set when a decided pause resumes). */
  grant: string | undefined;
  /** Approvals filed at the boundary this run, by call (tool and canonical arguments), for the pause to carry. */
  filed: Map<string, RunPending>;
  /** The caller's progress listener and cancel signal (`watchRun`), taken when the root ledger is made. */
  watch: RunWatch | undefined;
  /** The request's language, detected on first use (issue 36: it was detected twice a run). */
  language: ReplyLanguage | undefined;
  /** Model calls' charges to the tenant's day still being written, awaited when the run ends. */
  charges: Array<Promise<void>>;
  /** Spend not charged call by call (a tenant without a daily limit, a hold that lapsed): charged when the run ends. */
  uncharged: { tokens: number; usd: number };
  /** Whether any call of the run held part of the tenant's day (so the run's end has holds to drop). */
  heldDay: boolean;
}

// How long a call's hold on the tenant's day counts if its process dies before the call is answered,
// and how often a call held up by calls in flight in other processes asks again.
const DAY_HOLD_TTL_MS = 10 * 60_000;
const HOLD_POLL_MS = 20;
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The one run-state object of every runtime: identity, budget, usage, tool calls, audit drafts, the
 * first stop reason (it wins), and a child ledger per delegation (same run, budgets and evidence; its
 * own call path, tool evidence and task-scoped stop). It never lives in a checkpoint: a run resumed in
 * another process starts a fresh ledger, whose budget goes on from the paused run's `run_tree` spend.
 */
export class RunLedger {
  readonly init: RunLedgerInit;
  readonly started: Date;
  /** The agent this ledger runs, and the delegation chain from the root that led to it. */
  readonly agent: string;
  readonly path: readonly string[];
  readonly taskId: string | undefined;
  readonly parent: RunLedger | undefined;
  /** This ledger's own tool results, raw: the evidence its delegation is judged on. */
  readonly toolEvidence: ToolEvidence[] = [];
  readonly #shared: Shared;
  #stop: { reason: StopReason; detail: string } | undefined;
  /** The verifier's findings on this sub-task's last answer, set before a retry; adapters show it to the worker. */
  proofFeedback: string | undefined;
  /** Switches as read by the last step gate or tool gate. */
  controls: ControlSnapshot | undefined;
  /** Set while applying an operator's decision: approval is being answered, not requested. */
  resuming = false;
  /** The lease on this run's intent (root ledger only), renewed while it runs; finishRun stops it. */
  lease: HeldLease | undefined;
  /** Holds of this ledger's model calls in flight, per agent, oldest first. */
  readonly #holds = new Map<string, Array<{ run: CallHold; day: DailyHold | undefined }>>();

  /** `rootAgent`: the agent at the top of the tree, `supervisor` unless a single agent runs alone. */
  constructor(init: RunLedgerInit, link?: { parent: RunLedger; agent: string; taskId: string; shared: Shared }, rootAgent = 'supervisor') {
    this.init = init;
    this.started = link?.parent.started ?? init.now();
    this.parent = link?.parent;
    this.agent = link?.agent ?? rootAgent;
    this.path = link ? [...link.parent.path, link.agent] : [rootAgent];
    this.taskId = link?.taskId;
    this.#shared = link?.shared ?? { toolCalls: [], evidence: [], verifiedAnswers: new Map(), verifications: new Map(), quotedAnswers: [], events: [], subtasks: [], notes: [], refusedByDomain: new Set(), steps: 0, delegations: 0, notUnderstood: false, grant: undefined, filed: new Map(), watch: currentRunWatch(), charges: [], uncharged: { tokens: 0, usd: 0 }, heldDay: false, language: undefined };
  }

  /** A ledger for a delegated sub-task of `agent`, under this one. */
  child(agent: string): RunLedger {
    this.#shared.delegations += 1;
    return new RunLedger(this.init, { parent: this, agent, taskId: `d${this.#shared.delegations}`, shared: this.#shared });
  }

  /** True in a run resumed after a decision, whichever ledger of its tree asks (a delegation's child ledger too). */
  get inResumedRun(): boolean {
    return this.resuming || (this.parent?.inResumedRun ?? false);
  }

  /** Presents `approvalId`'s grant with the run's next irreversible call (a decided pause resuming). */
  presentGrant(approvalId: string): void {
    this.#shared.grant = approvalId;
  }

  /** The grant to present, once: a grant is single-use, so a second irreversible call carries none. */
  takeGrant(): string | undefined {
    const grant = this.#shared.grant;
    this.#shared.grant = undefined;
    return grant;
  }

  /** The language of the user's request, which every reply of the run is written in: detected once per run. */
  get language(): ReplyLanguage {
    return (this.#shared.language ??= detectLanguage(this.init.trustedText));
  }

  /** The approvals this run filed at the boundary, by call key (see file-approval.ts). */
  get filedApprovals(): Map<string, RunPending> {
    return this.#shared.filed;
  }

  /** Keeps one tool result as this ledger's evidence and the run's. */
  addEvidence(evidence: ToolEvidence): void {
    this.toolEvidence.push(evidence);
    this.#shared.evidence.push(evidence);
  }

  /** Every tool result of the run, from every ledger. */
  get runEvidence(): readonly ToolEvidence[] {
    return this.#shared.evidence;
  }

  /** Full answers of the sub-tasks that passed their proof check, by task id. */
  get verifiedAnswers(): Map<string, string> {
    return this.#shared.verifiedAnswers;
  }

  /** The proof check of each checked sub-task, by task id. */
  get verifications(): Map<string, RunVerification> {
    return this.#shared.verifications;
  }

  /** Answers of flagged sub-tasks, passed on only as quoted data and not proof-checked. */
  get quotedAnswers(): string[] {
    return this.#shared.quotedAnswers;
  }

  /** A retry of this sub-task counts as a delegation in the task-wide budget. */
  countRetry(): void {
    this.#shared.delegations += 1;
  }

  get toolCalls(): RunToolCall[] {
    return this.#shared.toolCalls;
  }

  get events(): AuditEventDraft[] {
    return this.#shared.events;
  }

  /** Every delegation's contract, in the order they ended. */
  get subtasks(): DelegationContract[] {
    return this.#shared.subtasks;
  }

  /** Sentences the answer must carry whatever else it says (e.g. an irreversible call that was refused). */
  get notes(): string[] {
    return this.#shared.notes;
  }

  /**
   * Sub-tasks (by task id) that failed only because the domain said no (not found, over a limit) and
   * whose worker said so: an answered question, not a failure to answer.
   */
  get refusedByDomain(): Set<string> {
    return this.#shared.refusedByDomain;
  }

  /** Delegations started in the whole run tree (the task-wide count), a resumed run's paused part included. */
  get delegations(): number {
    return (this.init.budget.before?.delegations ?? 0) + this.#shared.delegations;
  }

  get steps(): number {
    return this.#shared.steps;
  }

  /** True when a model reply said it did not understand the request (the offline planner's header). */
  get notUnderstood(): boolean {
    return this.#shared.notUnderstood;
  }

  markNotUnderstood(): void {
    this.#shared.notUnderstood = true;
  }

  /**
   * Records why the run must end; only the first reason counts (one stop reason per run). In a child, a
   * tool failure ends only the sub-task; anything else is passed up and ends the run.
   */
  stop(reason: StopReason, detail: string): void {
    this.#stop ??= { reason, detail };
    if (this.parent && !isTaskScoped(reason)) this.parent.stop(reason, detail);
  }

  /** The stop in force here: this ledger's own, else an ancestor's (a killed run halts every child). */
  get stopped(): { reason: StopReason; detail: string } | undefined {
    return this.#stop ?? this.parent?.stopped;
  }

  /** Only this ledger's own stop, e.g. a sub-task ended by a breaker. */
  get ownStop(): { reason: StopReason; detail: string } | undefined {
    return this.#stop;
  }

  /** Takes `watch` (a ledger opened `unwatched`), and gives its listener every event recorded so far, in order. */
  adoptWatch(watch: RunWatch | undefined): void {
    this.#shared.watch = watch;
    for (const draft of this.#shared.events) this.#tell(draft);
  }

  audit(event: AuditEventDraft): void {
    const draft = this.taskId !== undefined && event.task_id === undefined ? { ...event, task_id: this.taskId } : event;
    this.#shared.events.push(draft);
    this.#tell(draft);
  }

  #tell(draft: AuditEventDraft): void {
    const listener = this.#shared.watch?.onProgress;
    if (!listener) return;
    try {
      listener({ ...draft, run_id: this.init.runId, thread_id: this.init.threadId, tenant: this.init.tenant, ts: this.init.now().toISOString() });
    } catch {
      // A watcher's failure is the watcher's: the run goes on.
    }
  }

  /**
   * The step gate before every model call of every runtime: kill switch, tenant switch, the run budget
   * and the tenant's daily budget, read fresh, so an operator's switch lands on the next model call.
   * False when the call must not happen; the run is then stopped and audited.
   */
  async beforeModelCall(agent: string): Promise<boolean> {
    if (this.stopped) return false;
    if (this.#shared.watch?.signal?.aborted) {
      // The caller cancelled: the run ends before its next model call, as an operator's kill would.
      this.stop('operator_kill', `cancelled by the caller before a model call of ${agent}`);
      this.audit({ agent, type: 'kill', status: 'denied', detail: 'cancelled by the caller' });
      return false;
    }
    const decision = await checkBeforeStep({ tenant: this.init.tenant, controls: this.init.controls, budget: this.init.budget });
    if (!decision.proceed) {
      this.stop(decision.stopReason, `stopped before a model call of ${agent}`);
      this.audit({ agent, type: decision.stopReason === 'operator_kill' ? 'kill' : 'budget.stop', status: 'denied', detail: decision.stopReason });
      return false;
    }
    const refused = await this.#holdCall(agent);
    if (this.stopped) return false;
    if (refused) {
      this.stop(refused.reason, `stopped before a model call of ${agent}: ${refused.detail}`);
      this.audit({ agent, type: 'budget.stop', status: 'denied', detail: `${refused.reason}: ${refused.detail}` });
      return false;
    }
    this.controls = decision.controls;
    this.init.budget.recordStep();
    return true;
  }

  /**
   * Holds one call's worth of the run tree's budget and of the tenant's day (issue 37), waiting while
   * calls in flight (of this tree, or of the tenant's other runs anywhere) hold what is left. Undefined
   * when held, else the budget that is spent.
   */
  async #holdCall(agent: string): Promise<{ reason: StopReason; detail: string } | undefined> {
    const { budget } = this.init;
    // An agent's model calls follow one another: a hold still open from its last call is one that failed.
    for (const stale of this.#holds.get(agent)?.splice(0) ?? []) budget.settleCall(stale.run);
    for (;;) {
      const own = budget.holdCall();
      if (own.kind === 'stop') return { reason: own.reason, detail: `the run's ${own.reason === 'max_tokens' ? 'token' : 'cost'} budget is spent` };
      if (own.kind === 'wait') await Promise.race([budget.nextSettle(), sleep(HOLD_POLL_MS)]);
      else {
        const day = await this.#holdDay();
        if (day.kind === 'admit') {
          if (day.hold) this.#shared.heldDay = true;
          this.#holds.set(agent, [...(this.#holds.get(agent) ?? []), { run: own.hold, day: day.hold }]);
          return undefined;
        }
        budget.settleCall(own.hold);
        if (day.kind === 'stop') return { reason: day.reason, detail: `tenant ${this.init.tenant}'s daily ${day.reason === 'max_tokens' ? 'token' : 'cost'} budget is spent` };
        await sleep(HOLD_POLL_MS);
      }
      const late = budget.check();
      if (late) return { reason: late, detail: 'reached while waiting for calls in flight' };
      if (this.stopped || this.#shared.watch?.signal?.aborted) return undefined;
    }
  }

  async #holdDay(): Promise<{ kind: 'admit'; hold: DailyHold | undefined } | { kind: 'wait' } | { kind: 'stop'; reason: 'max_tokens' | 'max_usd' }> {
    const store = this.init.dailyBudget;
    if (!store) return { kind: 'admit', hold: undefined };
    const limits = await this.init.controls.dailyLimits(this.init.tenant);
    // A tenant without a daily limit is charged once, when the run ends.
    if (limits.maxTokensPerDay === undefined && limits.maxUsdPerDay === undefined) return { kind: 'admit', hold: undefined };
    const { admission, hold } = await store.hold({ tenant: this.init.tenant, day: utcDay(this.init.now()), runId: this.init.runId, limits, ttlMs: DAY_HOLD_TTL_MS });
    return admission.kind === 'admit' ? { kind: 'admit', hold } : admission;
  }

  /**
   * The run ended: waits for the charges in flight, then says what is left for its daily budget store's
   * endRun (holds to drop, spend not yet charged), undefined when nothing. Taken once: the caller writes
   * it (with the run's record when the stores share a database: saveFinishedRun).
   */
  async budgetEnd(): Promise<EndRunRequest | undefined> {
    if (!this.init.dailyBudget) return undefined;
    await Promise.all(this.#shared.charges.splice(0));
    const { uncharged, heldDay } = this.#shared;
    this.#shared.uncharged = { tokens: 0, usd: 0 };
    this.#shared.heldDay = false;
    if (!heldDay && uncharged.tokens === 0 && uncharged.usd === 0) return undefined;
    return { runId: this.init.runId, tenant: this.init.tenant, day: utcDay(this.started), uncharged, dropHolds: heldDay };
  }

  // The call's cost replaces its hold on the tenant's day; without a hold (no limit, or it lapsed) it is charged when the run ends.
  #chargeDay(hold: DailyHold | undefined, spent: { tokens: number; usd: number }): void {
    const shared = this.#shared;
    const later = () => {
      shared.uncharged = { tokens: shared.uncharged.tokens + spent.tokens, usd: shared.uncharged.usd + spent.usd };
    };
    const store = this.init.dailyBudget;
    if (!hold || !store) return later();
    shared.charges.push(store.charge(hold.id, spent).then((charged) => (charged ? undefined : later()), later));
  }

  /** One answered model call: its tokens (as the provider reported or as counted) and price, under `agent`. */
  modelCall(agent: string, usage: { model: string; promptTokens: number; completionTokens: number; usd: number }, durationMs: number): void {
    this.#shared.steps += 1;
    this.init.budget.recordUsage({ promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, usd: usage.usd });
    const spent = { tokens: usage.promptTokens + usage.completionTokens, usd: usage.usd };
    const held = this.#holds.get(agent)?.shift();
    if (held) this.init.budget.settleCall(held.run, spent);
    this.#chargeDay(held?.day, spent);
    this.audit({ agent, type: 'model.call', status: 'ok', duration_ms: durationMs, detail: `${usage.model}: ${usage.promptTokens}+${usage.completionTokens} tokens` });
  }
}
