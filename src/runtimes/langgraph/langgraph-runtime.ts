import { randomUUID } from 'node:crypto';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, StateSnapshot } from '@langchain/langgraph';
import { Command, GraphRecursionError } from '@langchain/langgraph';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROLES, ROLES_TABLE } from '../../agents/index.js';
import type { DomainStore } from '../../domain/index.js';
import { canonicalJson, findDomainTool, parseArgs } from '../../domain/index.js';
import { detectLanguage, ModelCallError, UsageLedger } from '../../models/index.js';
import type { ControlStore, DomainPolicy, RateLimit, RunLimits, StopReason } from '../../policy/index.js';
import { addRunUsage, checkToolCall, ConcurrencyCap, DEFAULT_DOMAIN_POLICY, detectInjection, LoopDetector, RateLimiter, redactPii, redactRequest, RunBudget, ToolResilience, USER_BLOCK_MESSAGE } from '../../policy/index.js';
import type { AuditEvent, RunRecord, RunStore } from '../../telemetry/index.js';
import { stampAuditEvents, statusForStopReason } from '../../telemetry/index.js';
import { buildSupervisor } from './build-agents.js';
import type { DelegationMode } from './build-agents.js';
import { missingPartsNote } from '../../fleet/missing-parts.js';
import { mcpTools } from './mcp-tools.js';
import { RunContext, withRunContext } from './run-context.js';
import type { PendingAction } from './run-types.js';
import { DecisionError } from './runtime-errors.js';
import { stopMessage } from './stop-message.js';

export interface LangGraphRuntimeOptions {
  model: BaseChatModel;
  /** True when the MCP server offers `search_policies` (workers then get it, by their grants). */
  knowledge?: boolean;
  /** Tried in order when `model` fails after its retries. */
  fallbackModels?: readonly BaseChatModel[];
  mcp: Client;
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
}

export type RunObserver = (record: RunRecord, events: readonly AuditEvent[]) => void | Promise<void>;

export interface AskRequest {
  input: string;
  threadId?: string;
  tenant?: string;
  requestId?: string;
  /** Chosen by the caller when it must know the id before the run ends (e.g. an asynchronous API call). */
  runId?: string;
}

export type Decision =
  | { type: 'approve'; by: string }
  | { type: 'edit'; by: string; args: Record<string, unknown> }
  | { type: 'reject'; by: string; reason: string };

export interface ThreadState {
  thread_id: string;
  status: RunRecord['status'] | 'unknown';
  pending?: PendingAction;
}

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
  readonly #options: Required<Omit<LangGraphRuntimeOptions, 'domain' | 'limits' | 'fallbackModels' | 'rateLimit' | 'maxConcurrentToolCalls' | 'knowledge' | 'onRunFinished' | 'delegation' | 'maxParallelDelegations'>> & Pick<LangGraphRuntimeOptions, 'domain' | 'limits' | 'onRunFinished'>;
  readonly #supervisor: ReturnType<typeof buildSupervisor>;
  // Breakers outlive runs: a tool that keeps failing stays open for the next run in this process.
  readonly #resilience = new ToolResilience();
  readonly #rateLimiter: RateLimiter;
  readonly #concurrency: ConcurrencyCap;
  readonly #maxConcurrency: number;

  constructor(options: LangGraphRuntimeOptions) {
    this.#maxConcurrency = checkParallelCap(options.maxParallelDelegations ?? 4);
    this.#options = { policy: DEFAULT_DOMAIN_POLICY, now: () => new Date(), newId: randomUUID, ...options };
    this.#rateLimiter = new RateLimiter(options.rateLimit ?? { burst: 30, perSecond: 10 });
    this.#concurrency = new ConcurrencyCap(options.maxConcurrentToolCalls ?? 8);
    this.#supervisor = buildSupervisor({
      model: options.model,
      ...(options.fallbackModels && { fallbackModels: options.fallbackModels }),
      toolsFor: (agent) => mcpTools(options.mcp, agent, { knowledge: options.knowledge ?? false }),
      checkpointer: options.checkpointer,
      ...(options.delegation && { delegation: options.delegation }),
    });
  }

  /** The compiled supervisor graph (for `waybill graph` and structural tests). */
  get graph() {
    return this.#supervisor.graph;
  }

  /** Runs one request to its end or to a pause for approval. */
  async ask(raw: AskRequest): Promise<RunRecord> {
    // PII hook (issue 20): nothing after this line sees the raw request.
    const { request } = redactRequest(raw);
    const threadId = request.threadId ?? `t-${this.#options.newId()}`;
    const context = this.#context({ threadId, tenant: request.tenant ?? 'default', requestId: request.requestId ?? `req-${this.#options.newId()}`, trustedText: request.input, ...(request.runId && { runId: request.runId }) });
    const started = this.#options.now();
    context.audit({ agent: 'supervisor', type: 'run.start', status: 'info', detail: request.input.slice(0, 500) });
    const verdict = detectInjection(request.input);
    if (verdict.blocked) {
      // Blocked before any model call: 0 tokens. The rule goes to the audit trail, not to the user.
      context.audit({ agent: 'supervisor', type: 'guard.block', status: 'blocked', detail: `${verdict.rule ?? ''}: ${verdict.evidence ?? ''}` });
      context.stop('input_blocked', verdict.rule ?? 'blocked');
      return this.#finish(context, started, {}, USER_BLOCK_MESSAGE);
    }
    const result = await this.#invoke(context, { messages: [new HumanMessage(request.input)] });
    return this.#finish(context, started, result);
  }

  /** What a thread is doing, read from the checkpointer, so any process can see a pause. */
  async state(threadId: string): Promise<ThreadState> {
    const pending = await this.#pending(threadId);
    if (pending) return { thread_id: threadId, status: 'awaiting_approval', pending };
    const last = await this.#options.runs.latestRunForThread(threadId);
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /** Applies an operator's decision to a paused thread, from any process. */
  async decide(threadId: string, decision: Decision): Promise<RunRecord> {
    const pending = await this.#pending(threadId);
    if (!pending) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') this.#validateEdit(pending, decision.args);
    const previous = await this.#options.runs.latestRunForThread(threadId);
    const snapshot = await this.#supervisor.graph.getState({ configurable: { thread_id: threadId } });
    // One pause, one decision: the claim is atomic in the shared store, so of two operators (or two
    // processes) deciding at once exactly one resumes the run and the other is told it lost.
    const pausedRunId = previous?.status === 'awaiting_approval' ? previous.run_id : `checkpoint:${String(snapshot.config.configurable?.checkpoint_id ?? threadId)}`;
    const claimed = await this.#options.runs.claimDecision({ pausedRunId, threadId, decision: decision.type, by: decision.by });
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    try {
      return await this.#resume(threadId, decision, pending, previous, snapshot);
    } catch (error) {
      await this.#options.runs.releaseDecision(pausedRunId);
      throw error;
    }
  }

  async #resume(threadId: string, decision: Decision, pending: PendingAction, previous: RunRecord | undefined, snapshot: StateSnapshot): Promise<RunRecord> {
    const messages = ((snapshot.values as { messages?: BaseMessage[] }).messages ?? []).filter((m) => m.getType() === 'human');
    const trustedText = String(messages.at(-1)?.content ?? '');
    const context = this.#context({ threadId, tenant: previous?.tenant ?? 'default', requestId: previous?.request_id ?? `req-${this.#options.newId()}`, trustedText });
    context.resuming = true;
    const started = this.#options.now();
    const decidedArgs = decision.type === 'edit' ? decision.args : pending.args;
    context.audit({
      agent: pending.agent,
      parent: 'supervisor',
      type: 'approval.decided',
      tool: pending.tool,
      args: decidedArgs,
      status: decision.type === 'reject' ? 'denied' : 'ok',
      detail: `${decision.type} by ${decision.by}${decision.type === 'reject' ? `: ${decision.reason}` : ''}; args ${canonicalJson(decidedArgs)}`,
    });
    const resume =
      decision.type === 'approve'
        ? { type: 'approve' }
        : decision.type === 'edit'
          ? { type: 'edit', editedAction: { name: pending.tool, args: decision.args } }
          : { type: 'reject', message: `Rejected by the operator: ${decision.reason}` };
    if (decision.type === 'reject') {
      context.toolCalls.push({ agent: pending.agent, tool: pending.tool, args: pending.args, status: 'rejected', duration_ms: 0 });
    }
    const result = await this.#invoke(context, new Command({ resume: { decisions: [resume] } }));
    if (decision.type === 'reject') context.stop('approval_rejected', decision.reason);
    return this.#finish(context, started, result, undefined, { decision: decision.type, by: decision.by, at: started.toISOString(), args: decidedArgs, ...(decision.type === 'reject' && { reason: decision.reason }) });
  }

  #context(identity: { threadId: string; tenant: string; requestId: string; trustedText: string; runId?: string }): RunContext {
    const { limits, controls, policy, now } = this.#options;
    return new RunContext({
      runId: `run-${this.#options.newId()}`,
      ...identity,
      budget: new RunBudget(limits ?? {}, () => now().getTime()),
      controls,
      loops: new LoopDetector(),
      resilience: this.#resilience,
      rateLimiter: this.#rateLimiter,
      concurrency: this.#concurrency,
      ledger: new UsageLedger(),
      policy,
      now,
    });
  }

  async #invoke(context: RunContext, input: unknown): Promise<InvokeResult> {
    const config = { configurable: { thread_id: context.init.threadId }, recursionLimit: 4 * (context.init.budget.limits.maxSteps + 2), maxConcurrency: this.#maxConcurrency };
    try {
      return (await withRunContext(context, () => this.#supervisor.invoke(input as never, config))) as InvokeResult;
    } catch (error) {
      if (error instanceof GraphRecursionError) context.stop('max_steps', 'the graph reached its recursion limit');
      else if (ModelCallError.isInstance(error) || isProviderError(error)) context.stop('model_error', error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));
      else throw error;
      context.audit({ agent: 'supervisor', type: 'model.error', status: 'error', detail: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return {};
    }
  }

  async #pending(threadId: string): Promise<PendingAction | undefined> {
    const snapshot = await this.#supervisor.graph.getState({ configurable: { thread_id: threadId } });
    for (const task of snapshot.tasks) {
      for (const interrupt of task.interrupts) {
        const pending = pendingFrom(interrupt.value);
        if (pending) return pending;
      }
    }
    return undefined;
  }

  #validateEdit(pending: PendingAction, args: Record<string, unknown>): void {
    const schema = findDomainTool(pending.tool)?.inputSchema;
    if (!schema) throw new DecisionError('invalid_edit', `${pending.tool} is not a domain tool`);
    const parsed = parseArgs(schema, args);
    if (!parsed.success) throw new DecisionError('invalid_edit', `edited arguments are invalid: ${parsed.problems.join('; ')}`, parsed.problems);
    const verdict = checkToolCall({ roles: ROLES_TABLE, agent: pending.agent, tool: pending.tool, args, policy: this.#options.policy });
    if (verdict.verdict === 'deny') throw new DecisionError('invalid_edit', `edited arguments are refused: ${verdict.detail}`, [verdict.detail]);
    if (String(args.tracking_id ?? '').toUpperCase().trim() !== String(pending.args.tracking_id ?? '').toUpperCase()) {
      throw new DecisionError('invalid_edit', 'an edit may change the refund or the reason, not which shipment is cancelled');
    }
  }

  async #finish(context: RunContext, started: Date, result: InvokeResult, fixedAnswer?: string, approval?: RunRecord['approval']): Promise<RunRecord> {
    const { runs, now } = this.#options;
    const pending = context.stopped ? undefined : pendingFrom(result.__interrupt__?.[0]?.value);
    const stop = context.stopped;
    const reason: StopReason = stop?.reason ?? (pending ? 'awaiting_approval' : 'finish');
    const last = result.messages?.at(-1);
    const modelText = typeof last?.content === 'string' ? last.content : '';
    const language = detectLanguage(context.init.trustedText);
    let answer = fixedAnswer ?? modelText;
    if (pending) answer = language === 'uk' ? `Скасування ${String(pending.args.tracking_id)} з поверненням ${String(pending.args.refund_uah)} грн очікує підтвердження оператора.` : `Cancelling ${String(pending.args.tracking_id)} with a ${String(pending.args.refund_uah)} UAH refund awaits an operator's approval.`;
    else if (stop && !fixedAnswer && reason !== 'model_unavailable') answer = stopMessage(reason, stop.detail, language);
    else if (stop && reason === 'approval_rejected' && modelText) answer = `${stopMessage(reason, stop.detail, language)} ${modelText}`;
    const failedParts = context.subtasks.some((task) => task.status === 'failed');
    // Only a run that ended on its own can be incomplete: a stopped or paused one already says why.
    const incomplete = failedParts && reason === 'finish';
    if (incomplete) answer = [answer.trim(), missingPartsNote(context.subtasks, language)].filter(Boolean).join('\n\n');
    const redaction = redactPii(answer);
    if (redaction.total > 0) context.audit({ agent: 'supervisor', type: 'pii.redacted', status: 'info', detail: JSON.stringify(redaction.counts) });
    if (pending) context.toolCalls.push({ ...pending, status: 'pending', duration_ms: 0 });
    const totals = context.init.ledger.totals();
    const finished = now();
    const record: RunRecord = {
      run_id: context.init.runId,
      request_id: context.init.requestId,
      tenant: context.init.tenant,
      thread_id: context.init.threadId,
      runtime: 'langgraph',
      status: statusForStopReason(reason),
      stop_reason: reason,
      answer: redaction.text,
      steps: context.steps,
      tool_calls: context.toolCalls,
      usage: { prompt_tokens: totals.promptTokens, completion_tokens: totals.completionTokens, usd: totals.usd },
      started_at: started.toISOString(),
      duration_ms: finished.getTime() - started.getTime(),
      ...(pending && { pending }),
      ...(incomplete && { incomplete: true }),
      ...(context.subtasks.length > 0 && { subtasks: [...context.subtasks].sort(byTaskId).map(({ task_id, agent, request, status, confidence, reason: why, gaps, flags }) => ({ task_id, agent, request, status, confidence, gaps, flags, ...(why !== undefined && { reason: why }) })) }),
      ...(approval && { approval }),
    };
    context.audit({ agent: 'supervisor', type: 'run.end', status: record.status === 'stopped' ? 'error' : 'ok', detail: reason });
    const events = stampAuditEvents(context.events.map((event) => ({ ...event, type: event.type as AuditEvent['type'] })), record, now);
    await runs.saveRun(record);
    await runs.appendEvents(events);
    await addRunUsage(this.#options.controls, record);
    try {
      await this.#options.onRunFinished?.(record, events);
    } catch {
      // An observer's failure is the observer's: the run is already stored and its outcome stands.
    }
    return record;
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

// d2 before d10: sub-tasks in the order they were delegated, not the order they ended.
const byTaskId = (a: { task_id: string }, b: { task_id: string }) => Number(a.task_id.slice(1)) - Number(b.task_id.slice(1)) || a.task_id.localeCompare(b.task_id);

/** The action a human-in-the-loop interrupt waits on, attributed to the agent whose grant holds the tool. */
function pendingFrom(interruptValue: unknown): PendingAction | undefined {
  const request = (interruptValue as { actionRequests?: Array<{ name: string; args: Record<string, unknown> }> } | undefined)?.actionRequests?.[0];
  return request && { agent: agentOwning(request.name), tool: request.name, args: request.args };
}

function agentOwning(tool: string): string {
  const owner = Object.entries(ROLES).find(([, spec]) => (spec.tools as readonly string[]).includes(tool));
  return owner?.[0] ?? 'unknown';
}

// Errors from a model provider, possibly wrapped by middleware: an HTTP status, a client error class,
// or a failed connection somewhere down the `cause` chain.
function isProviderError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (typeof (current as { status?: unknown }).status === 'number') return true;
    if (/APIConnection|APIError|RateLimit|Timeout|InsufficientQuota/i.test(current.name)) return true;
    if (/ECONNREFUSED|fetch failed|Connection error|bad port|ENOTFOUND|socket hang up/i.test(current.message)) return true;
  }
  return false;
}
