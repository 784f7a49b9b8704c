import type { Agent, AgentOutputType, RunResult, RunToolApprovalItem } from '@openai/agents';
import { MaxTurnsExceededError, Runner, RunState } from '@openai/agents';
import { canonicalJson } from '../../domain/index.js';
import type { ControlStore, DomainPolicy, RateLimit, RunLimits, ModelPrice, ToolResilience } from '../../policy/index.js';
import type { RunApproval, RunPending, RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest, Decision, LedgerServices, RunLedger, RunObserver, ThreadState } from '../core/index.js';
import type { DomainBoundary } from '../core/index.js';
import type { ProofSettings } from '../core/index.js';
import { admitRequest, DecisionError, finishRun, isProviderError, ledgerServices, newRunLedger, recordDecision, admitThread, withLedger } from '../core/index.js';
import type { PauseStore } from './pause-store.js';

export interface OpenAIAgentsRuntimeOptions {
  /** The manager from `buildManager`. */
  manager: Manager;
  runs: RunStore;
  pauses: PauseStore;
  /** Operator switches and tenant budgets for the step gate and the tool gate. */
  controls: ControlStore;
  /** The MCP server as each run's tenant: tool calls, approval filing, decisions. */
  boundary: DomainBoundary;
  policy?: DomainPolicy;
  limits?: Partial<RunLimits>;
  rateLimit?: RateLimit;
  maxConcurrentToolCalls?: number;
  /** Breakers and timeouts of tool calls; default one per runtime. */
  resilience?: ToolResilience;
  /** The price table; default `DEFAULT_PRICES`. */
  prices?: Readonly<Record<string, ModelPrice>>;
  /** The proof loop; default on with 2 retries. */
  proof?: Partial<ProofSettings>;
  /** Model turns per agent run before `max_steps`. Default 10. */
  maxTurns?: number;
  now?: () => Date;
  newId?: () => string;
  onRunFinished?: RunObserver;
}

type Manager = Agent<unknown, AgentOutputType>;
type Outcome = { result?: RunResult<unknown, Manager> };

/**
 * The case on the OpenAI Agents SDK, adapted to the kernel: a manager with three agents-as-tools over
 * the MCP server, approval of `cancel_shipment` through `needsApproval` with the paused run state stored
 * in SQLite so any process can decide, and the kernel's ledger, gates and finish (`runtime: 'openai-agents'`).
 */
export class OpenAIAgentsRuntime {
  readonly #options: OpenAIAgentsRuntimeOptions & { maxTurns: number };
  readonly #services: LedgerServices;
  // Tracing off in the runner too: the SDK would otherwise try to upload traces to OpenAI.
  readonly #runner = new Runner({ tracingDisabled: true });

  constructor(options: OpenAIAgentsRuntimeOptions) {
    this.#options = { maxTurns: 10, ...options };
    this.#services = ledgerServices({ runtime: 'openai-agents', controls: options.controls, policy: options.policy, limits: options.limits, rateLimit: options.rateLimit, maxConcurrentToolCalls: options.maxConcurrentToolCalls, resilience: options.resilience, prices: options.prices, proof: options.proof, now: options.now, newId: options.newId, boundary: options.boundary });
  }

  /** Runs one request to its end or to a pause for approval. */
  async ask(request: AskRequest): Promise<RunRecord> {
    const { newId } = this.#services;
    const threadId = request.threadId ?? `t-${newId()}`;
    const tenant = request.tenant ?? 'default';
    await admitThread(this.#options.runs, threadId, tenant);
    const run = newRunLedger(this.#services, { threadId, requestId: request.requestId ?? `req-${newId()}`, tenant, trustedText: request.input, ...(request.runId && { runId: request.runId }) });
    const admission = admitRequest(run, request.input);
    if (!admission.admitted) return this.#finish(run, {});
    return this.#finish(run, await this.#run(run, admission.text));
  }

  /** Whether a thread is paused and on what, read from the shared store by any process. */
  async state(threadId: string): Promise<ThreadState> {
    const pause = await this.#options.pauses.get(threadId);
    const last = await this.#options.runs.latestRunForThread(threadId);
    // The record of the paused run carries the approval filed for it and the argument origins.
    if (pause) return { thread_id: threadId, status: 'awaiting_approval', pending: last?.run_id === pause.runId && last.pending ? { ...pause.pending, ...last.pending } : pause.pending };
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /**
   * Applies an operator's decision to a paused thread, from any process: the stored run state is
   * revived with `RunState.fromString` and run on. Only the call the operator was shown is approved.
   * Edits are refused: the SDK approves or rejects the exact call the model made.
   */
  async decide(threadId: string, decision: Decision): Promise<RunRecord> {
    const { pauses, runs, manager } = this.#options;
    const pause = await pauses.get(threadId);
    if (!pause) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') throw new DecisionError('invalid_edit', 'the OpenAI Agents runtime approves or rejects the exact call; edit is not supported');
    // One pause, one decision, across processes: the claim is atomic in the shared store.
    const claimed = await runs.claimDecision({ pausedRunId: pause.runId, threadId, decision: decision.type, by: decision.by });
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    try {
      // The paused run's record carries the approval filed at the boundary for this pause.
      const paused = await runs.getRun(pause.runId);
      const filed = paused?.pending?.tool === pause.pending.tool ? { ...pause.pending, ...paused.pending, agent: pause.pending.agent } : pause.pending;
      const recorded = await recordDecision(this.#options.boundary, pause.tenant, filed, decision);
      const run = newRunLedger(this.#services, { threadId, requestId: pause.requestId, tenant: pause.tenant, trustedText: pause.trustedText });
      run.resuming = true;
      if (decision.type !== 'reject') run.presentGrant(recorded.approvalId);
      const { agent, tool, args } = pause.pending;
      const approval: RunApproval = { decision: decision.type, by: decision.by, at: run.started.toISOString(), args, ...(decision.type === 'reject' && { reason: decision.reason }) };
      const why = decision.type === 'reject' ? `: ${decision.reason}` : '';
      run.audit({ agent, type: 'approval.decided', tool, args, status: decision.type === 'reject' ? 'denied' : 'ok', detail: `${decision.type} by ${decision.by}${why} (${recorded.approvalId}); args ${canonicalJson(args)}` });
      const state = await RunState.fromString(manager, pause.runState);
      const rejection = (message: string) => ({ message: JSON.stringify({ status: 'approval_rejected', reason: message }) });
      for (const item of state.getInterruptions()) {
        // Nothing a human did not see runs: only the exact call shown is approved; any other is refused.
        const shown = sameCall(pendingOf(item), pause.pending);
        if (decision.type === 'approve' && shown) state.approve(item);
        else state.reject(item, rejection(decision.type === 'reject' ? `Rejected by the operator: ${decision.reason}` : 'not shown to the operator'));
      }
      if (decision.type === 'reject') run.toolCalls.push({ agent, tool, args, status: 'rejected', duration_ms: 0 });
      const outcome = await this.#run(run, state);
      // Only now: a run that crashed keeps its pause (and the claim is released below) for another try.
      await pauses.delete(threadId);
      if (decision.type === 'reject') run.stop('approval_rejected', decision.reason);
      return await this.#finish(run, outcome, approval);
    } catch (error) {
      await runs.releaseDecision(pause.runId);
      throw error;
    }
  }

  async #run(run: RunLedger, input: string | RunState<unknown, Manager>): Promise<Outcome> {
    try {
      return { result: await withLedger(run, () => this.#runner.run(this.#options.manager, input, { maxTurns: this.#options.maxTurns })) };
    } catch (error) {
      if (error instanceof MaxTurnsExceededError) run.stop('max_steps', `more than ${this.#options.maxTurns} model turns`);
      else if (isProviderError(error)) run.stop('model_error', error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      else throw error;
      run.audit({ agent: 'supervisor', type: 'model.error', status: 'error', detail: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return {};
    }
  }

  async #finish(run: RunLedger, outcome: Outcome, approval?: RunApproval): Promise<RunRecord> {
    const { result } = outcome;
    const interruption = run.stopped ? undefined : result?.interruptions[0];
    const pending = interruption && pendingOf(interruption);
    if (pending && result) {
      const { threadId, runId, requestId, tenant, trustedText } = run.init;
      await this.#options.pauses.save({ threadId, runId, requestId, tenant, trustedText, pending, runState: result.state.toString(), createdAt: run.started.toISOString() });
    }
    const modelText = result && result.interruptions.length === 0 && typeof result.finalOutput === 'string' ? result.finalOutput : '';
    return finishRun(run, { modelText, ...(pending && { pending }), ...(approval && { approval }) }, { runs: this.#options.runs, controls: this.#options.controls, onRunFinished: this.#options.onRunFinished });
  }
}

const sameCall = (a: RunPending, b: RunPending) => a.tool === b.tool && canonicalJson(a.args) === canonicalJson(b.args);

/** The call a paused run waits on, attributed to the worker that proposed it. */
function pendingOf(item: RunToolApprovalItem): RunPending {
  let args: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(item.arguments ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
  } catch {
    // A malformed call is still shown to the operator, with no arguments to approve blindly.
  }
  return { agent: item.agent.name, tool: item.name ?? 'unknown', args };
}
