import type { Agent, AgentOutputType, RunResult, RunToolApprovalItem } from '@openai/agents';
import { MaxTurnsExceededError, Runner, RunState } from '@openai/agents';
import { canonicalJson } from '../../domain/index.js';
import type { ControlStore, DomainPolicy, RateLimit, RunLimits, ModelPrice, ToolResilience } from '../../policy/index.js';
import type { RunApproval, RunIntent, RunPending, RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest, Decision, DecideOptions, DurableRuns, LedgerServices, RecordedDecision, RunLedger, RunObserver, ThreadState } from '../core/index.js';
import type { DomainBoundary } from '../core/index.js';
import type { ProofSettings } from '../core/index.js';
import { admitRequest, admitThread, beginAsk, DecisionError, finishRun, holdLease, isProviderError, ledgerServices, newRunLedger, recordDecision, recoveredRun, resumeIntent, runLeaseMs, settleThread, withLedger } from '../core/index.js';
import type { PauseStore, StoredPause } from './pause-store.js';

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
  /** How long a run in flight stays this process's without a renewal (default `WAYBILL_RUN_LEASE_MS` or 30 s). */
  leaseMs?: number;
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
  readonly #durable: DurableRuns;
  // Tracing off in the runner too: the SDK would otherwise try to upload traces to OpenAI.
  readonly #runner = new Runner({ tracingDisabled: true });

  constructor(options: OpenAIAgentsRuntimeOptions) {
    this.#options = { maxTurns: 10, ...options };
    this.#durable = { runs: options.runs, runtime: 'openai-agents', leaseMs: options.leaseMs ?? runLeaseMs(), now: options.now ?? (() => new Date()) };
    this.#services = ledgerServices({ runtime: 'openai-agents', controls: options.controls, policy: options.policy, limits: options.limits, rateLimit: options.rateLimit, maxConcurrentToolCalls: options.maxConcurrentToolCalls, resilience: options.resilience, prices: options.prices, proof: options.proof, now: options.now, newId: options.newId, boundary: options.boundary });
  }

  /**
   * Runs one request to its end or to a pause for approval. Its intent is durable before the first
   * model call, so a process killed mid-run leaves a run that `recover` finishes; a `runId` that
   * already ran returns its record.
   */
  async ask(request: AskRequest): Promise<RunRecord> {
    const { newId } = this.#services;
    const threadId = request.threadId ?? `t-${newId()}`;
    const tenant = request.tenant ?? 'default';
    const earlier = await admitThread(this.#options.runs, threadId, tenant, { runId: request.runId, settle: () => this.recover(threadId) });
    if (earlier) return earlier;
    const run = newRunLedger(this.#services, { threadId, requestId: request.requestId ?? `req-${newId()}`, tenant, trustedText: request.input, ...(request.runId && { runId: request.runId }) });
    const admission = admitRequest(run, request.input);
    if (!admission.admitted) return this.#finish(run, {});
    await beginAsk(this.#durable, run, admission.text);
    return this.#finish(run, await this.#run(run, admission.text));
  }

  /** Whether a thread is paused and on what, read from the shared store by any process. */
  async state(threadId: string): Promise<ThreadState> {
    const [pause, last] = await Promise.all([this.#options.pauses.get(threadId), this.#options.runs.latestRunForThread(threadId)]);
    // A pause is the thread's state while its run is the thread's latest (awaiting, or decided and not yet resumed).
    if (pause && last?.run_id === pause.runId) return { thread_id: threadId, status: last.status, pending: last.pending ? { ...pause.pending, ...last.pending, agent: pause.pending.agent } : pause.pending };
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /** Finishes the thread's runs whose process died (docs/durability.md "Crashes"). */
  async recover(threadId: string): Promise<RunRecord[]> {
    return settleThread(this.#durable, threadId, async (intent) => {
      const run = this.#recoveredLedger(intent);
      const pause = await this.#options.pauses.get(intent.threadId);
      if (intent.kind === 'resume') {
        if (!run.stopped && pause && pause.runId === intent.pausedRunId) return this.#resume(run, pause, intent.decision as Decision);
        return this.#finish(run, {});
      }
      // Paused before its record was written: the pause is recorded now (its approval was filed before it).
      if (run.stopped) return this.#finish(run, {});
      if (pause?.runId === intent.runId) return finishRun(run, { modelText: '', pending: pause.pending }, this.#finishDeps());
      return this.#finish(run, await this.#run(run, intent.input));
    });
  }

  /**
   * Applies an operator's decision to a paused thread, from any process: the stored run state is
   * revived with `RunState.fromString` and run on. Only the call the operator was shown is approved.
   * Edits are refused: the SDK approves or rejects the exact call the model made. The claim, the
   * decision and the intent to resume are durable before anything runs; with `defer`, `recover` resumes.
   */
  async decide(threadId: string, decision: Decision, options: DecideOptions = {}): Promise<RunRecord> {
    const recovered = (await this.recover(threadId)).find((record) => record.approval !== undefined);
    if (recovered) return recovered;
    const { pauses, runs } = this.#options;
    const pause = await pauses.get(threadId);
    const paused = pause && (await runs.getRun(pause.runId));
    if (!pause || paused?.status !== 'awaiting_approval') throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') throw new DecisionError('invalid_edit', 'the OpenAI Agents runtime approves or rejects the exact call; edit is not supported');
    // One pause, one decision, across processes: the claim (with the intent to resume) is atomic in the shared store.
    const intent = resumeIntent(this.#durable, { runId: `run-${this.#services.newId()}`, threadId, tenant: pause.tenant, requestId: pause.requestId, input: pause.trustedText, pausedRunId: pause.runId, decision }, { deferred: options.defer === true });
    const claimed = await runs.claimDecision({ pausedRunId: pause.runId, threadId, decision: decision.type, by: decision.by }, intent, options.alsoInTransaction);
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    if (options.defer) {
      await this.#record(pause, paused, decision).catch(async (error: unknown) => {
        await runs.releaseDecision(pause.runId);
        throw error;
      });
      return (await runs.getRun(pause.runId)) ?? paused;
    }
    const run = newRunLedger(this.#services, { threadId, requestId: pause.requestId, tenant: pause.tenant, trustedText: pause.trustedText, runId: intent.runId });
    holdLease(this.#durable, run);
    return this.#resume(run, pause, decision, paused);
  }

  /** The decision recorded in the approval store (the one it already holds, after a crash), for the pause's filed approval. */
  async #record(pause: StoredPause, paused: RunRecord | undefined, decision: Decision): Promise<RecordedDecision> {
    // The paused run's record carries the approval filed at the boundary for this pause.
    const filed = paused?.pending?.tool === pause.pending.tool ? { ...pause.pending, ...paused.pending, agent: pause.pending.agent } : pause.pending;
    return recordDecision(this.#options.boundary, pause.tenant, filed, decision);
  }

  async #resume(run: RunLedger, pause: StoredPause, asked: Decision, known?: RunRecord): Promise<RunRecord> {
    let recorded: RecordedDecision;
    try {
      recorded = await this.#record(pause, known ?? (await this.#options.runs.getRun(pause.runId)), asked);
    } catch (error) {
      run.lease?.stop();
      // A decision refused here (in `decide`) gives its claim back; a recovery leaves the intent for the next try.
      if (known) await this.#options.runs.releaseDecision(pause.runId);
      throw error;
    }
    const { decision } = recorded;
    run.resuming = true;
    if (decision.type !== 'reject') run.presentGrant(recorded.approvalId);
    const { agent, tool, args } = pause.pending;
    const approval: RunApproval = { decision: decision.type, by: decision.by, at: run.started.toISOString(), args, ...(decision.type === 'reject' && { reason: decision.reason }) };
    const why = decision.type === 'reject' ? `: ${decision.reason}` : '';
    run.audit({ agent, type: 'approval.decided', tool, args, status: decision.type === 'reject' ? 'denied' : 'ok', detail: `${decision.type} by ${decision.by}${why} (${recorded.approvalId}); args ${canonicalJson(args)}` });
    const state = await RunState.fromString(this.#options.manager, pause.runState);
    const rejection = (message: string) => ({ message: JSON.stringify({ status: 'approval_rejected', reason: message }) });
    for (const item of state.getInterruptions()) {
      // Nothing a human did not see runs: only the exact call shown is approved; any other is refused.
      const shown = sameCall(pendingOf(item), pause.pending);
      if (decision.type === 'approve' && shown) state.approve(item);
      else state.reject(item, rejection(decision.type === 'reject' ? `Rejected by the operator: ${decision.reason}` : 'not shown to the operator'));
    }
    if (decision.type === 'reject') run.toolCalls.push({ agent, tool, args, status: 'rejected', duration_ms: 0 });
    const outcome = await this.#run(run, state);
    if (decision.type === 'reject') run.stop('approval_rejected', decision.reason);
    const record = await this.#finish(run, outcome, approval);
    // Only now: until the resumed run is recorded, its pause is what a recovery resumes from.
    if (record.status !== 'awaiting_approval') await this.#options.pauses.delete(pause.threadId);
    return record;
  }

  /** A ledger for a run taken over from a process that is gone: the same run id, its lease held by this process. */
  #recoveredLedger(intent: RunIntent): RunLedger {
    const run = newRunLedger(this.#services, { threadId: intent.threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText: intent.input, runId: intent.runId });
    holdLease(this.#durable, run);
    return recoveredRun(run, intent);
  }

  #finishDeps() {
    return { runs: this.#options.runs, controls: this.#options.controls, onRunFinished: this.#options.onRunFinished };
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
    return finishRun(run, { modelText, ...(pending && { pending }), ...(approval && { approval }) }, this.#finishDeps());
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
