import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, StateSnapshot } from '@langchain/langgraph';
import { Command, GraphRecursionError } from '@langchain/langgraph';
import { ROLES, ROLES_TABLE } from '../../agents/index.js';
import type { DomainStore } from '../../domain/index.js';
import { canonicalJson, findDomainTool, parseArgs } from '../../domain/index.js';
import { ModelCallError } from '../../models/index.js';
import type { ControlStore, DomainPolicy, RateLimit, RunLimits, ModelPrice, ToolResilience } from '../../policy/index.js';
import { checkToolCall } from '../../policy/index.js';
import type { RunIntent, RunPending, RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest, Decision, DecideOptions, DomainBoundary, DurableRuns, LedgerServices, RecordedDecision, RunLedger, RunObserver, RunOutcome, ThreadState } from '../core/index.js';
import type { ProofSettings } from '../core/index.js';
import { admitRequest, admitThread, beginAsk, DecisionError, finishRun, holdLease, isProviderError, ledgerServices, newRunLedger, recordDecision, recoveredRun, resumeIntent, runLeaseMs, settleThread } from '../core/index.js';
import { buildSupervisor } from './build-agents.js';
import type { DelegationMode } from './build-agents.js';
import { ledgerConfigurable } from './ledger-in-config.js';
import { mcpTools } from './mcp-tools.js';

export interface LangGraphRuntimeOptions {
  model: BaseChatModel;
  /** True when the MCP server offers `search_policies` (workers then get it, by their grants). */
  knowledge?: boolean;
  /** Tried in order when `model` fails after its retries. */
  fallbackModels?: readonly BaseChatModel[];
  /** The MCP server as each run's tenant: every domain call, approval filing and decision goes through it. */
  boundary: DomainBoundary;
  checkpointer: BaseCheckpointSaver;
  controls: ControlStore;
  runs: RunStore;
  /** Read only for reporting; all domain access goes through `mcp`. */
  domain?: DomainStore;
  limits?: Partial<RunLimits>;
  policy?: DomainPolicy;
  /** Domain tool calls per tenant and tool. Default: bursts of 30, then 10 per second. */
  rateLimit?: RateLimit;
  /** Domain tool calls in flight per tenant and tool. Default 8. */
  maxConcurrentToolCalls?: number;
  /** Breakers and timeouts of tool calls; default one per runtime. */
  resilience?: ToolResilience;
  /** The price table; default `DEFAULT_PRICES`. */
  prices?: Readonly<Record<string, ModelPrice>>;
  /** The proof loop; default on with 2 retries. */
  proof?: Partial<ProofSettings>;
  now?: () => Date;
  newId?: () => string;
  /**
   * Called after each run (or resumed run) is stored, with its record and audit events: for traces,
   * metrics and webhooks. Errors it throws are swallowed: observing a run never changes its outcome.
   */
  onRunFinished?: RunObserver;
  /** `parallel` (default): independent sub-tasks fan out in one turn; `sequential`: one per turn. */
  delegation?: DelegationMode;
  /** Delegations (and other graph tasks) run at once within one step. Default 4; at least 2. */
  maxParallelDelegations?: number;
  /**
   * When LangGraph writes checkpoints (docs/durability.md). Default `exit`: once when the run ends or
   * pauses for approval, measured at 0.16x the checkpoint bytes of `async` (LangGraph's default,
   * a checkpoint per step). A process killed mid-run then restarts that run from its input.
   */
  durability?: Durability;
  /** How long a run in flight stays this process's without a renewal (default `WAYBILL_RUN_LEASE_MS` or 30 s). */
  leaseMs?: number;
}

/** LangGraph's checkpoint timing: `exit` (Waybill's default), `async` or `sync` (one per step). */
export type Durability = 'exit' | 'async' | 'sync';

interface InvokeResult {
  messages?: BaseMessage[];
  __interrupt__?: Array<{ value?: unknown }>;
}

/**
 * The multi-agent runtime on LangGraph.js: a supervisor that only delegates, three workers that reach
 * the domain through one MCP session, the policy layer on every step, durable approval on
 * `cancel_shipment`, and a run record plus audit trail for every run.
 */
export class LangGraphRuntime {
  readonly #options: LangGraphRuntimeOptions;
  readonly #services: LedgerServices;
  readonly #supervisor: ReturnType<typeof buildSupervisor>;
  readonly #maxConcurrency: number;
  readonly #durable: DurableRuns;

  constructor(options: LangGraphRuntimeOptions) {
    this.#maxConcurrency = checkParallelCap(options.maxParallelDelegations ?? 4);
    this.#options = options;
    this.#durable = { runs: options.runs, runtime: 'langgraph', leaseMs: options.leaseMs ?? runLeaseMs(), now: options.now ?? (() => new Date()) };
    this.#services = ledgerServices({ runtime: 'langgraph', controls: options.controls, policy: options.policy, limits: options.limits, rateLimit: options.rateLimit, maxConcurrentToolCalls: options.maxConcurrentToolCalls, resilience: options.resilience, prices: options.prices, proof: options.proof, now: options.now, newId: options.newId, boundary: options.boundary });
    this.#supervisor = buildSupervisor({
      model: options.model,
      ...(options.fallbackModels && { fallbackModels: options.fallbackModels }),
      toolsFor: (agent) => mcpTools(options.boundary, agent, { knowledge: options.knowledge ?? false }),
      checkpointer: options.checkpointer,
      ...(options.delegation && { delegation: options.delegation }),
    });
  }

  /** The compiled supervisor graph (for `waybill graph` and structural tests). */
  get graph() {
    return this.#supervisor.graph;
  }

  /**
   * Runs one request to its end or to a pause for approval. Its intent is durable before the first
   * model call, so a process killed mid-run leaves a run that `recover` finishes. A request whose
   * `runId` already ran returns that run's record instead of running twice.
   */
  async ask(request: AskRequest): Promise<RunRecord> {
    const { newId } = this.#services;
    const threadId = request.threadId ?? `t-${newId()}`;
    const tenant = request.tenant ?? 'default';
    const earlier = await admitThread(this.#options.runs, threadId, tenant, { runId: request.runId, settle: () => this.recover(threadId) });
    if (earlier) return earlier;
    const run = newRunLedger(this.#services, { threadId, tenant, requestId: request.requestId ?? `req-${newId()}`, trustedText: request.input, ...(request.runId && { runId: request.runId }) });
    const admission = admitRequest(run, request.input);
    if (!admission.admitted) return this.#finish(run, {});
    await beginAsk(this.#durable, run, admission.text);
    const result = await this.#invoke(run, { messages: [new HumanMessage(admission.text)] });
    return this.#finish(run, result);
  }

  /**
   * Finishes the thread's runs whose process died (docs/durability.md "Crashes"): a run that paused
   * before its record was written is recorded as paused; a decision not yet applied is applied once;
   * a run killed mid-way runs again from its last checkpoint, or from its input.
   */
  async recover(threadId: string): Promise<RunRecord[]> {
    return settleThread(this.#durable, threadId, (intent) => (intent.kind === 'resume' ? this.#finishDecision(intent) : this.#finishAsk(intent)));
  }

  async #finishAsk(intent: RunIntent): Promise<RunRecord> {
    const run = this.#recoveredLedger(intent);
    if (run.stopped) return this.#finish(run, {});
    const config = { configurable: { thread_id: intent.threadId } };
    const snapshot = await this.#supervisor.graph.getState(config);
    const interrupt = snapshot.tasks.flatMap((task) => task.interrupts)[0];
    // Paused before its record was written: the pause is recorded now (its approval was filed before it).
    if (interrupt) return this.#finish(run, { messages: (snapshot.values as { messages?: BaseMessage[] }).messages ?? [], __interrupt__: [interrupt] });
    // Checkpointed mid-run (durability sync or async): go on from there; else run again from the input.
    const input = snapshot.next.length > 0 ? null : { messages: [new HumanMessage(intent.input)] };
    return this.#finish(run, await this.#invoke(run, input));
  }

  async #finishDecision(intent: RunIntent): Promise<RunRecord> {
    const previous = intent.pausedRunId === undefined ? undefined : await this.#options.runs.getRun(intent.pausedRunId);
    const pending = await this.#pending(intent.threadId, previous);
    const decision = intent.decision as Decision;
    if (!pending) {
      // The resumed graph already ran past the pause (its checkpoint says so): the record is written from it.
      const run = this.#recoveredLedger(intent);
      const snapshot = await this.#supervisor.graph.getState({ configurable: { thread_id: intent.threadId } });
      return this.#finish(run, { messages: (snapshot.values as { messages?: BaseMessage[] }).messages ?? [] });
    }
    const recorded = await recordDecision(this.#options.boundary, intent.tenant, pending, decision);
    return this.#resume(this.#recoveredLedger(intent), pending, recorded);
  }

  /** A ledger for a run taken over from a process that is gone: the same run id, its lease held by this process. */
  #recoveredLedger(intent: RunIntent): RunLedger {
    const run = newRunLedger(this.#services, { threadId: intent.threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText: intent.input, runId: intent.runId });
    holdLease(this.#durable, run);
    return recoveredRun(run, intent);
  }

  /** What a thread is doing, read from the checkpointer, so any process can see a pause. */
  async state(threadId: string): Promise<ThreadState> {
    const last = await this.#options.runs.latestRunForThread(threadId);
    const pending = await this.#pending(threadId, last);
    // A decided pause whose resumed run has not finished (its process died) reads decided: recovery finishes it.
    if (pending) return { thread_id: threadId, status: last?.status === 'decided' ? 'decided' : 'awaiting_approval', pending };
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /**
   * Applies an operator's decision to a paused thread, from any process. The claim, the decision and
   * the intent to resume are durable before anything runs; with `defer` the run is left for `recover`
   * (a worker) to resume. A run a dead process was running on the thread is finished first; a decision
   * an earlier `approve` recorded but did not apply is applied now (and its record returned).
   */
  async decide(threadId: string, decision: Decision, options: DecideOptions = {}): Promise<RunRecord> {
    const recovered = (await this.recover(threadId)).find((record) => record.approval !== undefined);
    if (recovered) return recovered;
    const previous = await this.#options.runs.latestRunForThread(threadId);
    const pending = await this.#pending(threadId, previous);
    if (!pending || !previous) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') this.#validateEdit(pending, decision.args);
    const snapshot = await this.#supervisor.graph.getState({ configurable: { thread_id: threadId } });
    const trustedText = lastHumanText(snapshot);
    // One pause, one decision: the claim (with the intent to resume) is atomic in the shared store, so of
    // two operators (or two processes) deciding at once exactly one resumes the run.
    const intent = resumeIntent(this.#durable, { runId: `run-${this.#services.newId()}`, threadId, tenant: previous.tenant, requestId: previous.request_id, input: trustedText, pausedRunId: previous.run_id, decision }, { deferred: options.defer === true });
    const claimed = await this.#options.runs.claimDecision({ pausedRunId: previous.run_id, threadId, decision: decision.type, by: decision.by }, intent, options.alsoInTransaction);
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    let recorded: RecordedDecision;
    try {
      recorded = await recordDecision(this.#options.boundary, previous.tenant, pending, decision);
    } catch (error) {
      await this.#options.runs.releaseDecision(previous.run_id);
      throw error;
    }
    if (options.defer) return (await this.#options.runs.getRun(previous.run_id)) ?? previous;
    const run = newRunLedger(this.#services, { threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText, runId: intent.runId });
    holdLease(this.#durable, run);
    return this.#resume(run, pending, recorded);
  }

  async #resume(context: RunLedger, pending: RunPending, recorded: RecordedDecision): Promise<RunRecord> {
    const { decision } = recorded;
    context.resuming = true;
    if (decision.type !== 'reject') context.presentGrant(recorded.approvalId);
    const started = context.started;
    const decidedArgs = decision.type === 'edit' ? recorded.args : pending.args;
    context.audit({
      agent: pending.agent,
      parent: 'supervisor',
      type: 'approval.decided',
      tool: pending.tool,
      args: decidedArgs,
      status: decision.type === 'reject' ? 'denied' : 'ok',
      detail: `${decision.type} by ${decision.by}${decision.type === 'reject' ? `: ${decision.reason}` : ''} (${recorded.approvalId}); args ${canonicalJson(decidedArgs)}`,
    });
    const resume =
      decision.type === 'approve'
        ? { type: 'approve' }
        : decision.type === 'edit'
          ? { type: 'edit', editedAction: { name: pending.tool, args: recorded.args } }
          : { type: 'reject', message: `Rejected by the operator: ${decision.reason}` };
    if (decision.type === 'reject') {
      context.toolCalls.push({ agent: pending.agent, tool: pending.tool, args: pending.args, status: 'rejected', duration_ms: 0 });
    }
    const result = await this.#invoke(context, new Command({ resume: { decisions: [resume] } }));
    if (decision.type === 'reject') context.stop('approval_rejected', decision.reason);
    return this.#finish(context, result, { decision: decision.type, by: decision.by, at: started.toISOString(), args: decidedArgs, ...(decision.type === 'reject' && { reason: decision.reason }) });
  }

  async #invoke(context: RunLedger, input: unknown): Promise<InvokeResult> {
    const config = {
      configurable: { thread_id: context.init.threadId, ...ledgerConfigurable(context) },
      recursionLimit: 4 * (context.init.budget.limits.maxSteps + 2),
      maxConcurrency: this.#maxConcurrency,
      durability: this.#options.durability ?? 'exit',
    };
    try {
      // The compiled graph, as for the workers (build-agents.ts): no state read before every run. The
      // ledger travels in the config (ledger-in-config.ts).
      return (await this.#supervisor.graph.invoke(input as never, config)) as InvokeResult;
    } catch (error) {
      if (error instanceof GraphRecursionError) context.stop('max_steps', 'the graph reached its recursion limit');
      // A replay that meets a request its recording lacks is a model failure of this run, not a crash.
      else if (ModelCallError.isInstance(error) || isProviderError(error) || (error instanceof Error && error.name === 'ReplayDivergenceError')) context.stop('model_error', error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
      else throw error;
      context.audit({ agent: 'supervisor', type: 'model.error', status: 'error', detail: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return {};
    }
  }

  /**
   * The call a thread's checkpoint waits on, with the approval filed for it (from the paused run's
   * record). A checkpoint interrupt whose run did not end paused (the boundary refused to file it) is
   * not pending: nothing can approve it.
   */
  async #pending(threadId: string, last: RunRecord | undefined): Promise<RunPending | undefined> {
    if (last?.status !== 'awaiting_approval' && last?.status !== 'decided') return undefined;
    const snapshot = await this.#supervisor.graph.getState({ configurable: { thread_id: threadId } });
    for (const task of snapshot.tasks) {
      for (const interrupt of task.interrupts) {
        const pending = pendingFrom(interrupt.value);
        if (pending) return last?.pending?.tool === pending.tool ? { ...pending, ...last.pending, agent: pending.agent } : pending;
      }
    }
    return undefined;
  }

  #validateEdit(pending: RunPending, args: Record<string, unknown>): void {
    const schema = findDomainTool(pending.tool)?.inputSchema;
    if (!schema) throw new DecisionError('invalid_edit', `${pending.tool} is not a domain tool`);
    const parsed = parseArgs(schema, args);
    if (!parsed.success) throw new DecisionError('invalid_edit', `edited arguments are invalid: ${parsed.problems.join('; ')}`, parsed.problems);
    const verdict = checkToolCall({ roles: ROLES_TABLE, agent: pending.agent, tool: pending.tool, args, policy: this.#services.policy });
    if (verdict.verdict === 'deny') throw new DecisionError('invalid_edit', `edited arguments are refused: ${verdict.detail}`, [verdict.detail]);
    if (String(args.tracking_id ?? '').toUpperCase().trim() !== String(pending.args.tracking_id ?? '').toUpperCase()) {
      throw new DecisionError('invalid_edit', 'an edit may change the refund or the reason, not which shipment is cancelled');
    }
  }

  #finish(run: RunLedger, result: InvokeResult, approval?: RunRecord['approval']): Promise<RunRecord> {
    const last = result.messages?.at(-1);
    const pending = pendingFrom(result.__interrupt__?.[0]?.value);
    const outcome: RunOutcome = { modelText: typeof last?.content === 'string' ? last.content : '', ...(pending && { pending }), ...(approval && { approval }) };
    return finishRun(run, outcome, { runs: this.#options.runs, controls: this.#options.controls, onRunFinished: this.#options.onRunFinished });
  }
}

/**
 * Throws RangeError unless `cap` is a whole number of at least 2: LangGraph drops every `Send` task but
 * the first at `maxConcurrency: 1` (langgraphjs #2656), so one at a time is `delegation: 'sequential'`.
 */
export function checkParallelCap(cap: number): number {
  if (!Number.isInteger(cap) || cap < 2) throw new RangeError(`maxParallelDelegations must be a whole number of at least 2 (for one at a time use delegation: 'sequential'), got ${String(cap)}`);
  return cap;
}

/** The user's words the paused run started from (the only text that may initiate a write). */
function lastHumanText(snapshot: StateSnapshot): string {
  const messages = ((snapshot.values as { messages?: BaseMessage[] }).messages ?? []).filter((m) => m.getType() === 'human');
  return String(messages.at(-1)?.content ?? '');
}

/** The action a human-in-the-loop interrupt waits on, attributed to the agent whose grant holds the tool. */
function pendingFrom(interruptValue: unknown): RunPending | undefined {
  const request = (interruptValue as { actionRequests?: Array<{ name: string; args: Record<string, unknown> }> } | undefined)?.actionRequests?.[0];
  return request && { agent: agentOwning(request.name), tool: request.name, args: request.args };
}

function agentOwning(tool: string): string {
  const owner = Object.entries(ROLES).find(([, spec]) => (spec.tools as readonly string[]).includes(tool));
  return owner?.[0] ?? 'unknown';
}

