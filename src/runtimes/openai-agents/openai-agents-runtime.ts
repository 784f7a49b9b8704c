import { randomUUID } from 'node:crypto';
import type { Agent, AgentOutputType, RunResult, RunToolApprovalItem } from '@openai/agents';
import { InputGuardrailTripwireTriggered, MaxTurnsExceededError, Runner, RunState } from '@openai/agents';
import { canonicalJson } from '../../domain/index.js';
import { detectLanguage } from '../../models/index.js';
import type { ControlStore, DomainPolicy, StopReason } from '../../policy/index.js';
import { DEFAULT_DOMAIN_POLICY, redactPii, redactRequest, USER_BLOCK_MESSAGE } from '../../policy/index.js';
import type { AuditEvent, RunApproval, RunPending, RunRecord, RunStore } from '../../telemetry/index.js';
import type { AskRequest, Decision, ThreadState } from '../langgraph/index.js';
import { DecisionError } from '../langgraph/runtime-errors.js';
import { stopMessage } from '../langgraph/stop-message.js';
import { redactionOf } from './guardrails.js';
import type { PauseStore } from './pause-store.js';
import { pendingAnswer } from './pending-answer.js';
import { isProviderError } from './provider-error.js';
import { RunJournal, withJournal } from './run-journal.js';

export interface OpenAIAgentsRuntimeOptions {
  /** The manager from `buildManager`. */
  manager: Manager;
  runs: RunStore;
  pauses: PauseStore;
  /** Operator switches and tenant budgets for the step gate before every model call. */
  controls?: ControlStore;
  /** The model name every agent sends (prices the run). */
  modelName: string;
  policy?: DomainPolicy;
  /** Model turns per agent run before `max_steps`. Default 10. */
  maxTurns?: number;
  now?: () => Date;
  newId?: () => string;
}

type Manager = Agent<unknown, AgentOutputType>;
type Outcome = { result?: RunResult<unknown, Manager> };

/**
 * The case on the OpenAI Agents SDK: a manager with three agents-as-tools over the MCP server, the
 * input and output guards as SDK guardrails, approval of `cancel_shipment` through `needsApproval`
 * with the paused run state stored in SQLite so any process can decide, and the same run record and
 * audit trail as the LangGraph runtime (`runtime: 'openai-agents'`).
 */
export class OpenAIAgentsRuntime {
  readonly #options: Required<Omit<OpenAIAgentsRuntimeOptions, 'controls'>> & Pick<OpenAIAgentsRuntimeOptions, 'controls'>;
  // Tracing off in the runner too: the SDK would otherwise try to upload traces to OpenAI.
  readonly #runner = new Runner({ tracingDisabled: true });

  constructor(options: OpenAIAgentsRuntimeOptions) {
    this.#options = { policy: DEFAULT_DOMAIN_POLICY, maxTurns: 10, now: () => new Date(), newId: randomUUID, ...options };
  }

  /** Runs one request to its end or to a pause for approval. */
  async ask(raw: AskRequest): Promise<RunRecord> {
    // PII hook (issue 20): nothing after this line sees the raw request.
    const { request } = redactRequest(raw);
    const journal = this.#journal({
      threadId: request.threadId ?? `t-${this.#options.newId()}`,
      requestId: request.requestId ?? `req-${this.#options.newId()}`,
      tenant: request.tenant ?? 'default',
      trustedText: request.input,
      ...(request.runId && { runId: request.runId }),
    });
    journal.audit({ agent: 'supervisor', type: 'run.start', status: 'info', detail: request.input.slice(0, 500) });
    const outcome = await this.#run(journal, request.input);
    return this.#finish(journal, outcome);
  }

  /** Whether a thread is paused and on what, read from the shared store by any process. */
  async state(threadId: string): Promise<ThreadState> {
    const pause = this.#options.pauses.get(threadId);
    if (pause) return { thread_id: threadId, status: 'awaiting_approval', pending: pause.pending };
    const last = await this.#options.runs.latestRunForThread(threadId);
    return { thread_id: threadId, status: last?.status ?? 'unknown' };
  }

  /**
   * Applies an operator's decision to a paused thread, from any process: the stored run state is
   * revived with `RunState.fromString` and run on. Edits are refused: the SDK approves or rejects the
   * exact call the model made.
   */
  async decide(threadId: string, decision: Decision): Promise<RunRecord> {
    const { pauses, runs, manager } = this.#options;
    const pause = pauses.get(threadId);
    if (!pause) throw new DecisionError('nothing_pending', `thread ${threadId} has no pending approval`);
    if (decision.type === 'edit') throw new DecisionError('invalid_edit', 'the OpenAI Agents runtime approves or rejects the exact call; edit is not supported');
    // One pause, one decision, across processes: the claim is atomic in the shared store.
    const claimed = await runs.claimDecision({ pausedRunId: pause.runId, threadId, decision: decision.type, by: decision.by });
    if (!claimed) throw new DecisionError('already_decided', `thread ${threadId}: this approval was already decided`);
    try {
      const journal = this.#journal({ threadId, requestId: pause.requestId, tenant: pause.tenant, trustedText: pause.trustedText });
      const { agent, tool, args } = pause.pending;
      const approval: RunApproval = { decision: decision.type, by: decision.by, at: journal.started.toISOString(), args, ...(decision.type === 'reject' && { reason: decision.reason }) };
      const reason = decision.type === 'reject' ? `: ${decision.reason}` : '';
      journal.audit({ agent, type: 'approval.decided', tool, args, status: decision.type === 'reject' ? 'denied' : 'ok', detail: `${decision.type} by ${decision.by}${reason}; args ${canonicalJson(args)}` });
      const state = await RunState.fromString(manager, pause.runState);
      for (const item of state.getInterruptions()) {
        if (decision.type === 'approve') state.approve(item);
        else state.reject(item, { message: JSON.stringify({ status: 'approval_rejected', reason: `Rejected by the operator: ${decision.reason}` }) });
      }
      if (decision.type === 'reject') journal.toolCalls.push({ agent, tool, args, status: 'rejected', duration_ms: 0 });
      const outcome = await this.#run(journal, state);
      // Only now: a run that crashed keeps its pause (and the claim is released below) for another try.
      pauses.delete(threadId);
      if (decision.type === 'reject') journal.stop('approval_rejected', decision.reason);
      return await this.#finish(journal, outcome, approval);
    } catch (error) {
      await runs.releaseDecision(pause.runId);
      throw error;
    }
  }

  #journal(identity: { threadId: string; requestId: string; tenant: string; trustedText: string; runId?: string }): RunJournal {
    const { now, newId, modelName } = this.#options;
    return new RunJournal({ runtime: 'openai-agents', runId: identity.runId ?? `run-${newId()}`, ...identity, model: modelName, now }, { ...(this.#options.controls && { controls: this.#options.controls }) });
  }

  async #run(journal: RunJournal, input: string | RunState<unknown, Manager>): Promise<Outcome> {
    try {
      const result = await withJournal(journal, () => this.#runner.run(this.#options.manager, input, { maxTurns: this.#options.maxTurns }));
      return { result };
    } catch (error) {
      if (error instanceof InputGuardrailTripwireTriggered) {
        const verdict = error.result.output.outputInfo as { rule?: string; evidence?: string };
        // The rule goes to the audit trail, never to the user.
        journal.audit({ agent: 'supervisor', type: 'guard.block', status: 'blocked', detail: `${verdict.rule ?? ''}: ${verdict.evidence ?? ''}` });
        journal.stop('input_blocked', verdict.rule ?? 'blocked');
      } else if (error instanceof MaxTurnsExceededError) journal.stop('max_steps', `more than ${this.#options.maxTurns} model turns`);
      else if (isProviderError(error)) journal.stop('model_error', error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      else throw error;
      if (journal.stopped?.reason !== 'input_blocked') journal.audit({ agent: 'supervisor', type: 'model.error', status: 'error', detail: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      return {};
    }
  }

  async #finish(journal: RunJournal, outcome: Outcome, approval?: RunApproval): Promise<RunRecord> {
    const { runs, pauses } = this.#options;
    const { result } = outcome;
    const language = detectLanguage(journal.identity.trustedText);
    const interruption = journal.stopped ? undefined : result?.interruptions[0];
    const pending = interruption && pendingOf(interruption);
    let reason: StopReason = journal.stopped?.reason ?? (pending ? 'awaiting_approval' : journal.unavailable ? 'model_unavailable' : 'finish');
    let answer: string;
    if (pending && result) {
      pauses.save({ threadId: journal.identity.threadId, runId: journal.identity.runId, requestId: journal.identity.requestId, tenant: journal.identity.tenant, trustedText: journal.identity.trustedText, pending, runState: result.state.toString(), createdAt: journal.started.toISOString() });
      journal.toolCalls.push({ ...pending, status: 'pending', duration_ms: 0 });
      journal.audit({ agent: pending.agent, type: 'approval.requested', tool: pending.tool, args: pending.args, status: 'pending' });
      answer = pendingAnswer(pending, language);
    } else if (reason === 'input_blocked') answer = USER_BLOCK_MESSAGE;
    else {
      const text = typeof result?.finalOutput === 'string' ? result.finalOutput : '';
      if (journal.stopped && reason !== 'approval_rejected') answer = stopMessage(reason, journal.stopped.detail, language);
      else if (reason === 'approval_rejected') answer = `${stopMessage(reason, journal.stopped?.detail ?? '', language)} ${text}`.trim();
      else answer = text;
      // An empty answer is never reported as success.
      if (!text && reason === 'finish') reason = 'model_unavailable';
    }
    const redaction = (reason === 'finish' && result && redactionOf(result.outputGuardrailResults)) || redactPii(answer);
    if (redaction.total > 0) journal.audit({ agent: 'supervisor', type: 'pii.redacted', status: 'info', detail: JSON.stringify(redaction.counts) });
    const { record, events } = journal.finish({ reason, answer: redaction.text, ...(pending && { pending }), ...(approval && { approval }) });
    await runs.saveRun(record);
    await runs.appendEvents(events satisfies AuditEvent[]);
    await journal.recordTenantUsage(record);
    return record;
  }
}

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
