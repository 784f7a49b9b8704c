import type { DomainStore } from '../../domain/index.js';
import type { ControlStore, DailyBudgetStore, SpentBefore } from '../../policy/index.js';
import type { RunApproval, RunIntent, RunRecord, RunStore, RunVariant } from '../../telemetry/index.js';
import type { Admission, RequestChecks } from './admit-request.js';
import { admitRequest, auditVariant, checkRequest } from './admit-request.js';
import { applyDecision } from './apply-decision.js';
import { checkEdit } from './check-edit.js';
import { DecisionError } from './decision-error.js';
import type { DomainBoundary } from './domain-boundary.js';
import type { DurableRuns } from './durable-run.js';
import { askIntent, beginAsk, holdLease, MAX_RUN_ATTEMPTS, recoveredRun, resumeIntent, settleThread } from './durable-run.js';
import { doneElsewhereAnswer, effectedAnswer, effectedCall, intentApproval } from './effected-record.js';
import { finishRun } from './finish-run.js';
import type { FrameworkPort, PausedCall, StepOutcome } from './framework-port.js';
import type { LedgerServices, NewLedgerIdentity } from './new-run-ledger.js';
import { ledgerServices, newRunLedger } from './new-run-ledger.js';
import type { OpenRuntimeOptions } from './open-runtime-options.js';
import type { RecordedDecision } from './record-decision.js';
import { recordDecision } from './record-decision.js';
import { redactDecision } from './redact-decision.js';
import { threadsSharingApproval } from './threads-sharing-approval.js';
import { admitThread } from './refuse-paused-thread.js';
import { RunLedger } from './run-ledger.js';
import type { ApprovalEffect } from './reconcile-run.js';
import { effectOfApproval, executedCancel } from './reconcile-run.js';
import { runLeaseMs } from './run-lease.js';
import { currentRunWatch, unwatched } from './run-progress.js';
import { spentBefore } from './run-tree-spend.js';
import type { ThreadPause } from './thread-pause.js';
import { threadPause } from './thread-pause.js';
import type { AskRequest, Decision, DecideOptions, RecoverOptions, Runtime, RuntimeName, ThreadState } from './runtime.js';
import { applyStop, finishedWith, modelErrorOutcome } from './step-outcome.js';

/** What a kernel runs on: a port, the stores it writes to, the MCP boundary, and what closes them. */
export interface KernelParts<P extends PausedCall> {
  port: FrameworkPort<P>;
  domain: DomainStore;
  controls: ControlStore;
  runs: RunStore;
  /** Tenants' daily budgets, charged per model call; absent where a test opens a kernel without one. */
  dailyBudget?: DailyBudgetStore;
  boundary: DomainBoundary;
  options: Omit<OpenRuntimeOptions, 'dbPath'>;
  /** Closes what the kernel was opened with (the boundary, the stores), after the port. */
  closeParts: () => Promise<void>;
}

/**
 * The one owner of a run's lifecycle on every framework (docs/kernel.md): admission, the ledger and its
 * input guard, the run's durable intent and lease, the step through the port and its outcome, the
 * decision's claim, recording and audit, recovery of runs whose process died, and the finish.
 */
export class RunKernel<P extends PausedCall = PausedCall> implements Runtime {
  readonly name: RuntimeName;
  readonly modelName: string;
  readonly domain: DomainStore;
  readonly controls: ControlStore;
  readonly runs: RunStore;
  readonly port: FrameworkPort<P>;
  readonly #parts: KernelParts<P>;
  readonly #services: LedgerServices;
  readonly #durable: DurableRuns;

  constructor(parts: KernelParts<P>) {
    const { port, options } = parts;
    this.#parts = parts;
    this.port = port;
    this.name = port.name;
    this.modelName = port.modelName;
    this.domain = parts.domain;
    this.controls = parts.controls;
    this.runs = parts.runs;
    this.#durable = { runs: parts.runs, runtime: port.name, leaseMs: options.leaseMs ?? runLeaseMs(), now: options.now ?? (() => new Date()) };
    this.#services = ledgerServices({ runtime: port.name, controls: parts.controls, policy: options.policy, limits: options.limits, rateLimit: options.rateLimit, maxConcurrentToolCalls: options.maxConcurrentToolCalls, resilience: options.resilience, prices: options.prices, proof: options.proof, now: options.now, newId: options.newId, boundary: parts.boundary, dailyBudget: parts.dailyBudget, executionCheck: options.executionCheck });
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
    // Ids drawn in the order they always were (thread, request, run; an empty run id is replaced, as it
    // always was): admitThread draws none.
    const identity = { threadId, tenant, requestId: request.requestId ?? `req-${newId()}`, trustedText: request.input, runId: request.runId ? request.runId : `run-${newId()}`, variant: request.variant };
    // Where the store writes a claim and an intent in one statement (PostgreSQL), the request is
    // admitted first, so its intent can go with the claim; when that intent is not written (a run in
    // flight to settle, a pause, a blocked input) the run is admitted again after the thread's
    // admission, as on a store without it, so its clock and budget start after any recovery.
    // Admitted unwatched: a caller streaming the run's progress sees its events once, from the ledger
    // that runs (this one adopts the watch when its intent went with the claim; else it is dropped).
    const early = this.runs.claimThreadAndBegin ? unwatched(() => this.#admitted(identity, request.input)) : undefined;
    const begin = early?.admission.admitted ? askIntent(this.#durable, early.run, early.admission.text) : undefined;
    const { earlier, began } = await admitThread(this.runs, threadId, tenant, { runId: request.runId, settle: (known) => this.recover(threadId, {}, known), begin });
    if (earlier) return earlier;
    if (began && early?.admission.admitted) {
      const { run, admission } = early;
      run.adoptWatch(currentRunWatch());
      holdLease(this.#durable, run);
      return this.#holding(run, async () => this.#finish(run, await this.#step(run, () => this.port.start(run, admission.text))));
    }
    // The guards ran over this request for the early admission: the new ledger reads their verdict.
    const { run, admission } = this.#admitted(identity, request.input, early?.checks);
    if (!admission.admitted) return this.#finish(run);
    await beginAsk(this.#durable, run, admission.text);
    return this.#holding(run, async () => this.#finish(run, await this.#step(run, () => this.port.start(run, admission.text))));
  }

  /** A new run's ledger and its request through the input guard (`checks`: the guards' verdict on `input`, when they ran already). */
  #admitted(identity: NewLedgerIdentity, input: string, checks: RequestChecks = checkRequest(input)): { run: RunLedger; admission: Admission; checks: RequestChecks } {
    const run = newRunLedger(this.#services, identity);
    return { run, admission: admitRequest(run, checks), checks };
  }

  /** What a thread is doing, read from the shared stores, so any process can see a pause. */
  async state(threadId: string): Promise<ThreadState> {
    const last = await this.runs.latestRunForThread(threadId);
    const pause = await threadPause(this.port, threadId, last);
    // A decided pause whose resumed run has not finished (its process died) reads decided: recovery finishes it.
    if (pause) return { thread_id: threadId, status: last?.status === 'decided' ? 'decided' : 'awaiting_approval', pending: pause.pending };
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /**
   * Applies an operator's decision to a paused thread, from any process. The claim, the decision and
   * the intent to resume are durable before anything runs; with `defer` the run is left for `recover`
   * (a worker) to resume. A run a dead process was running on the thread is finished first; a decision
   * an earlier `approve` recorded but did not apply is applied now (and its record returned).
   */
  async decide(threadId: string, given: Decision, options: DecideOptions = {}): Promise<RunRecord> {
    const decision = redactDecision(given);
    if (!this.port.proceed) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval (the ${this.name} runtime never pauses)`);
    const recovered = (await this.recover(threadId)).find((record) => record.approval !== undefined);
    if (recovered) return recovered;
    const previous = await this.runs.latestRunForThread(threadId);
    const pause = await threadPause(this.port, threadId, previous);
    if (!pause || !previous) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') {
      if (this.port.editRefusal !== undefined) throw new DecisionError('invalid_edit', this.port.editRefusal);
      checkEdit(pause.pending, decision.args, this.#services.policy);
    }
    const input = pause.call.input;
    // The resumed part stays on the arm the run started on (docs/rollout.md), in its intent too, so a
    // recovery after a crash finishes it there.
    const variant = options.variant ?? previous.variant;
    // One pause, one decision: the claim (with the intent to resume) is atomic in the shared store, so of
    // two operators (or two processes) deciding at once exactly one resumes the run.
    const intent = resumeIntent(this.#durable, { runId: options.runId ?? `run-${this.#services.newId()}`, threadId, tenant: previous.tenant, requestId: previous.request_id, input, pausedRunId: previous.run_id, decision, ...(variant && { variant }) }, { deferred: options.defer === true });
    const claimed = await this.runs.claimDecision({ pausedRunId: previous.run_id, threadId, decision: decision.type, by: decision.by }, intent, options.alsoInTransaction);
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    const recorded = await recordDecision(this.#parts.boundary, previous.tenant, pause.pending, decision).catch(async (error: unknown) => {
      await this.runs.releaseDecision(previous.run_id);
      throw error;
    });
    if (options.defer) return (await this.runs.getRun(previous.run_id)) ?? previous;
    // The resumed part is the same run tree: its budget goes on from what the paused run's tree spent.
    const run = newRunLedger(this.#services, { threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText: input, runId: intent.runId, variant }, spentBefore(previous));
    auditVariant(run);
    holdLease(this.#durable, run);
    return this.#holding(run, () => this.#resume(run, pause, recorded));
  }

  /**
   * Finishes the thread's runs whose process died (docs/durability.md "Crashes"): a run that paused
   * before its record was written is recorded as paused; a decision not yet applied is applied once;
   * a run killed mid-way goes on from what its framework kept, or again from its input.
   */
  async recover(threadId: string, options: RecoverOptions = {}, known?: readonly RunIntent[]): Promise<RunRecord[]> {
    return settleThread(
      this.#durable,
      threadId,
      (taken) => {
        const intent = options.variant ? { ...taken, variant: options.variant } : taken;
        return intent.kind === 'resume' && this.port.proceed ? this.#finishDecision(intent) : this.#finishAsk(intent);
      },
      known,
    );
  }

  async close(): Promise<void> {
    await this.port.close?.();
    await this.#parts.closeParts();
  }

  async #finishAsk(intent: RunIntent): Promise<RunRecord> {
    const run = this.#recoveredLedger(intent);
    const port = this.port;
    return this.#holding(run, async () => (run.stopped ? this.#finish(run) : this.#finish(run, await this.#step(run, () => (port.continue ? port.continue(run, intent) : port.start(run, intent.input))))));
  }

  async #finishDecision(intent: RunIntent): Promise<RunRecord> {
    // The domain is asked first (issue 32): a cancellation its grant already paid for is what the record
    // says, however many processes died on the way; only work with no effect yet is stopped `interrupted`.
    const previous = intent.pausedRunId === undefined ? undefined : await this.runs.getRun(intent.pausedRunId);
    const approvalId = previous?.pending?.approval_id;
    const effect = approvalId === undefined || intent.decision?.type === 'reject' ? undefined : await effectOfApproval(this.domain, approvalId, intent.tenant, intent.threadId);
    // An intent written before intents kept the arm: the paused run's record still names it.
    const run = this.#recoveredLedger(intent, effect?.cancellationId, intent.variant ?? previous?.variant, previous && spentBefore(previous));
    return this.#holding(run, async () => {
      if (effect && intent.attempts > MAX_RUN_ATTEMPTS) return this.#released(await this.#finishEffected(run, effect, intentApproval(intent, approvalId, effect), previous?.pending?.agent));
      if (run.stopped) return this.#finish(run, undefined, intentApproval(intent, approvalId));
      const pause = await threadPause(this.port, intent.threadId, previous);
      // The resumed run already went past the pause (the framework says so): its record is written from there.
      if (!pause) {
        const outcome = await this.port.pastPause?.(intent.threadId);
        if (effect && !run.toolCalls.some(executedCancel)) return this.#finishEffected(run, effect, intentApproval(intent, approvalId, effect), previous?.pending?.agent);
        return this.#finish(run, outcome);
      }
      return this.#resume(run, pause, await recordDecision(this.#parts.boundary, intent.tenant, pause.pending, intent.decision as Decision));
    });
  }

  /** Ends the framework's pause once a record says the decided call ran. */
  async #released(record: RunRecord): Promise<RunRecord> {
    await this.port.releasePause?.(record.thread_id);
    return record;
  }

  /**
   * Writes a resumed run's record from the domain: the cancellation the approval's grant paid for, as an
   * executed call with its id and refund, and an answer naming it. Used when the run's own steps did not
   * record it (its process died after the commit, or the call's answer was lost); the ledger's stop, if
   * any, is replaced, since the work it stopped was done. When another thread's run made it (one
   * approval shared by two threads), this run's own calls stand and the answer says so.
   */
  async #finishEffected(from: RunLedger, effect: ApprovalEffect, approval: RunApproval, agent = 'tracking_agent'): Promise<RunRecord> {
    const run = new RunLedger(from.init);
    run.lease = from.lease;
    run.resuming = true;
    run.events.push(...from.events);
    const replaced = from.stopped ? ` instead of ${from.stopped.reason}` : '';
    if (effect.otherThread !== undefined) {
      // Another thread's run made it under the approval both waited on: this run's own calls stand as they ran.
      run.toolCalls.push(...from.toolCalls);
      run.audit({ agent: 'supervisor', type: 'run.reconciled', tool: effect.tool, args: effect.args, status: 'ok', detail: `recorded from the domain${replaced}: ${effect.cancellationId} of ${effect.trackingId}, refund ${effect.refundUah} UAH, was made by thread ${effect.otherThread}'s run under the grant of ${effect.approvalId}; nothing was done in this run` });
      return this.#finish(run, { kind: 'final', text: doneElsewhereAnswer(effect, from.language) }, approval);
    }
    run.toolCalls.push(...from.toolCalls.filter((call) => call.tool !== effect.tool), effectedCall(effect, agent));
    run.audit({ agent: 'supervisor', type: 'run.reconciled', tool: effect.tool, args: effect.args, status: 'ok', detail: `recorded from the domain${replaced}: ${effect.cancellationId} of ${effect.trackingId}, refund ${effect.refundUah} UAH, by ${effect.evidence === 'grant' ? `the grant of ${effect.approvalId}` : 'the run\'s idempotency key'}` });
    return this.#finish(run, { kind: 'final', text: effectedAnswer(effect, from.language) }, approval);
  }

  /**
   * The part of a run during which this process renews its lease. finishRun ends the lease when the run
   * is recorded; a throw on any other path (a framework bug, a failed read, a lost database) ends it
   * here and lets it lapse at once, so the intent is the next recovery's to take instead of being
   * renewed, or held for a lease, by a process that is no longer running it.
   */
  async #holding(run: RunLedger, work: () => Promise<RunRecord>): Promise<RunRecord> {
    try {
      return await work();
    } catch (error) {
      await run.lease?.end();
      throw error;
    }
  }

  async #resume(run: RunLedger, pause: ThreadPause<P>, recorded: RecordedDecision): Promise<RunRecord> {
    const approval = applyDecision(run, pause.pending, recorded);
    const proceed = this.port.proceed?.bind(this.port);
    const outcome = proceed ? await this.#step(run, () => proceed(run, pause.call, recorded)) : undefined;
    if (recorded.decision.type === 'reject') run.stop('approval_rejected', recorded.decision.reason);
    // An approved call whose answer the run did not record as done (a lost answer, a stop after the
    // commit) is read from the domain before the record is written.
    const effect = recorded.decision.type === 'reject' || run.toolCalls.some(executedCancel) ? undefined : await effectOfApproval(this.domain, recorded.approvalId, run.init.tenant, run.init.threadId);
    const record = effect ? await this.#finishEffected(run, effect, approval, pause.pending.agent) : await this.#finish(run, outcome, approval);
    // Only now: until the resumed run is recorded, its pause is what a recovery resumes from.
    if (record.status !== 'awaiting_approval') {
      await this.port.releasePause?.(run.init.threadId);
      await this.#settleSharing(run.init.tenant, recorded, run.init.threadId);
    }
    return record;
  }

  /**
   * Applies a decision to the other threads paused on the same approval, which would otherwise wait for a
   * second decision of what is already decided: each is resumed with the stored decision (a refused
   * second cancellation, recorded as done by the other request; or the rejection). A thread another
   * process resolves first is left to it; one that fails here stays paused, to be decided as before,
   * and does not turn this decision, already recorded, into an error.
   */
  async #settleSharing(tenant: string, recorded: RecordedDecision, threadId: string): Promise<void> {
    const others = await threadsSharingApproval(this.runs, tenant, recorded.approvalId, threadId).catch(() => []);
    for (const other of others) await this.decide(other, recorded.decision).catch(() => undefined);
  }

  /** A ledger for a run taken over from a process that is gone: the same run id, its lease held by this process; `before` for a resumed part. */
  #recoveredLedger(intent: RunIntent, effectId?: string, variant: RunVariant | undefined = intent.variant, before?: SpentBefore): RunLedger {
    const run = newRunLedger(this.#services, { threadId: intent.threadId, tenant: intent.tenant, requestId: intent.requestId, trustedText: intent.input, runId: intent.runId, variant }, before);
    auditVariant(run);
    holdLease(this.#durable, run, intent.attempts);
    return recoveredRun(run, intent, effectId);
  }

  /** One step through the port; a framework error it or the kernel classifies ends the run `stopped`. */
  async #step(run: RunLedger, step: () => Promise<StepOutcome>): Promise<StepOutcome> {
    let outcome: StepOutcome;
    try {
      outcome = await step();
    } catch (error) {
      const stopped = this.port.classifyError?.(error) ?? modelErrorOutcome(error);
      if (!stopped) throw error;
      outcome = stopped;
    }
    if (outcome.kind === 'stopped') applyStop(run, outcome);
    return outcome;
  }

  async #finish(run: RunLedger, outcome?: StepOutcome, approval?: RunApproval): Promise<RunRecord> {
    // The framework's own state of a pause is kept before the record says "awaiting" (a stopped run has no pause).
    if (outcome?.kind === 'paused' && outcome.state !== undefined && !run.stopped) await this.port.savePause?.(run, outcome);
    const { onRunFinished } = this.#parts.options;
    const held = this.port.takeHeldWrites?.(run);
    return finishRun(run, { ...finishedWith(outcome), ...(approval && { approval }) }, { runs: this.runs, controls: this.controls, onRunFinished, ...(held && { held }) });
  }
}
