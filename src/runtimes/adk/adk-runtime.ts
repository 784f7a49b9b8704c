import type { BaseAgent, Event } from '@google/adk';
import { InMemoryRunner } from '@google/adk';
import type { ControlStore, DomainPolicy, RateLimit, RunLimits, ModelPrice, ToolResilience } from '../../policy/index.js';
import type { RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest, Decision, DecideOptions, DurableRuns, LedgerServices, RunLedger, RunObserver, ThreadState } from '../core/index.js';
import type { DomainBoundary } from '../core/index.js';
import type { ProofSettings } from '../core/index.js';
import { admitRequest, admitThread, beginAsk, DecisionError, finishRun, holdLease, judgeDelegation, ledgerServices, newRunLedger, recoveredRun, runLeaseMs, settleThread, withLedger } from '../core/index.js';
import { workerLedgers } from './worker-ledger.js';

export interface AdkRuntimeOptions {
  /** The workflow from `buildWorkflow`. */
  workflow: BaseAgent;
  runs: RunStore;
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
  now?: () => Date;
  /** How long a run in flight stays this process's without a renewal (default `WAYBILL_RUN_LEASE_MS` or 30 s). */
  leaseMs?: number;
  newId?: () => string;
  onRunFinished?: RunObserver;
}

const textOf = (event: Event): string => (event.content?.parts ?? []).map((part) => (part.thought ? '' : (part.text ?? ''))).join('');

/**
 * The case on Google ADK, adapted to the kernel: a fixed workflow (three workers in parallel, then a
 * reporter) with the kernel's ledger, gates and finish (`runtime: 'adk'`). Sessions are in memory and
 * per run (ADK's default) and the irreversible tool is not offered, so a run never pauses: `decide`
 * always refuses with `nothing_pending`.
 */
export class AdkRuntime {
  readonly #options: AdkRuntimeOptions;
  readonly #services: LedgerServices;
  readonly #durable: DurableRuns;
  readonly #runner: InMemoryRunner;

  constructor(options: AdkRuntimeOptions) {
    this.#options = options;
    this.#durable = { runs: options.runs, runtime: 'adk', leaseMs: options.leaseMs ?? runLeaseMs(), now: options.now ?? (() => new Date()) };
    this.#services = ledgerServices({ runtime: 'adk', controls: options.controls, policy: options.policy, limits: options.limits, rateLimit: options.rateLimit, maxConcurrentToolCalls: options.maxConcurrentToolCalls, resilience: options.resilience, prices: options.prices, proof: options.proof, now: options.now, newId: options.newId, boundary: options.boundary });
    this.#runner = new InMemoryRunner({ agent: options.workflow, appName: 'waybill' });
  }

  /** Runs one request through the whole workflow. */
  async ask(request: AskRequest): Promise<RunRecord> {
    const { newId } = this.#services;
    const threadId = request.threadId ?? `t-${newId()}`;
    const tenant = request.tenant ?? 'default';
    const earlier = await admitThread(this.#options.runs, threadId, tenant, { runId: request.runId, settle: () => this.recover(threadId) });
    if (earlier) return earlier;
    const run = newRunLedger(this.#services, { threadId, requestId: request.requestId ?? `req-${newId()}`, tenant, trustedText: request.input, ...(request.runId && { runId: request.runId }) });
    const admission = admitRequest(run, request.input);
    if (!admission.admitted) return this.#execute(run, undefined);
    await beginAsk(this.#durable, run, admission.text);
    return this.#execute(run, admission.text);
  }

  /** Runs again, from its input, a run whose process died (sessions are in memory: there is no checkpoint). */
  async recover(threadId: string): Promise<RunRecord[]> {
    return settleThread(this.#durable, threadId, (intent) => {
      const run = newRunLedger(this.#services, { threadId: intent.threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText: intent.input, runId: intent.runId });
      holdLease(this.#durable, run);
      return this.#execute(recoveredRun(run, intent), intent.input);
    });
  }

  async #execute(run: RunLedger, text: string | undefined): Promise<RunRecord> {
    let answer = '';
    const workerAnswers = new Map<string, string>();
    if (text !== undefined && !run.stopped) {
      await withLedger(run, async () => {
        const events = this.#runner.runEphemeral({ userId: run.init.tenant, newMessage: { role: 'user', parts: [{ text }] } });
        for await (const event of events) {
          if (event.errorCode) {
            run.stop('model_error', event.errorMessage ?? event.errorCode);
            run.audit({ agent: event.author ?? 'unknown', type: 'model.error', status: 'error', detail: (event.errorMessage ?? event.errorCode).slice(0, 500) });
          }
          const text = textOf(event);
          if (text && event.author === 'reporter') answer = text;
          else if (text && event.author) workerAnswers.set(event.author, text);
        }
      });
      // Every worker that acted on the request (called a tool, or was stopped) is judged from evidence;
      // one with nothing to do in this request is left out, as the reporter leaves it out.
      for (const child of workerLedgers(run)) {
        if (child.toolEvidence.length > 0 || child.ownStop) judgeDelegation(child, { request: text, answer: workerAnswers.get(child.agent) });
      }
    }
    return finishRun(run, { modelText: answer }, { runs: this.#options.runs, controls: this.#options.controls, onRunFinished: this.#options.onRunFinished });
  }

  /** The thread's last status; an ADK run never pauses. */
  async state(threadId: string): Promise<ThreadState> {
    const last = await this.#options.runs.latestRunForThread(threadId);
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /** Always refused: a fixed workflow has no pause to decide. */
  async decide(threadId: string, decision: Decision, options?: DecideOptions): Promise<RunRecord> {
    void decision;
    void options;
    throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval (the adk runtime never pauses)`);
  }
}
