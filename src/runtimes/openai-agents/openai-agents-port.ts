import type { Agent, AgentOutputType, RunToolApprovalItem } from '@openai/agents';
import { MaxTurnsExceededError, Runner, RunState } from '@openai/agents';
import { canonicalJson } from '../../domain/index.js';
import type { RunIntent, RunPending } from '../../telemetry/index.js';
import type { FrameworkPort, PausedCall, PausedOutcome, RecordedDecision, RunLedger, StepOutcome, StoppedOutcome } from '../core/index.js';
import { errorText, withLedger } from '../core/index.js';
import type { PauseStore, StoredPause } from './pause-store.js';

type Manager = Agent<unknown, AgentOutputType>;

/** A pause as this port keeps it: the stored run state, read back by any process. */
export type AgentsPause = StoredPause & PausedCall;

/**
 * The kernel's steps on the OpenAI Agents SDK: a manager with three agents-as-tools over the MCP server,
 * approval of `cancel_shipment` through `needsApproval`, and the paused run state (`RunState`) stored in
 * the shared database so any process can resume it.
 */
export class OpenAIAgentsPort implements FrameworkPort<AgentsPause> {
  readonly name = 'openai-agents';
  readonly modelName: string;
  readonly manager: Manager;
  readonly editRefusal = 'the OpenAI Agents runtime approves or rejects the exact call; edit is not supported';
  readonly #pauses: PauseStore;
  readonly #maxTurns: number;
  readonly #close: () => Promise<void>;
  // Tracing off in the runner too: the SDK would otherwise try to upload traces to OpenAI.
  readonly #runner = new Runner({ tracingDisabled: true });

  constructor(parts: { manager: Manager; modelName: string; pauses: PauseStore; maxTurns: number; close: () => Promise<void> }) {
    this.manager = parts.manager;
    this.modelName = parts.modelName;
    this.#pauses = parts.pauses;
    this.#maxTurns = parts.maxTurns;
    this.#close = parts.close;
  }

  start(run: RunLedger, text: string): Promise<StepOutcome> {
    return this.#run(run, text);
  }

  async continue(run: RunLedger, intent: RunIntent): Promise<StepOutcome> {
    const pause = await this.#pauses.get(intent.threadId);
    // Paused before its record was written: the pause is recorded now (its approval was filed before it).
    if (pause?.runId === intent.runId) return { kind: 'paused', pending: pause.pending, text: '' };
    return this.#run(run, intent.input);
  }

  async pending(threadId: string): Promise<AgentsPause | undefined> {
    const pause = await this.#pauses.get(threadId);
    return pause && { ...pause, input: pause.trustedText };
  }

  /** The stored run state revived and run on; only the call the operator was shown is approved. */
  async proceed(run: RunLedger, pause: AgentsPause, recorded: RecordedDecision): Promise<StepOutcome> {
    const { decision } = recorded;
    const state = await RunState.fromString(this.manager, pause.runState);
    const rejection = (message: string) => ({ message: JSON.stringify({ status: 'approval_rejected', reason: message }) });
    for (const item of state.getInterruptions()) {
      // Nothing a human did not see runs: only the exact call shown is approved; any other is refused.
      const shown = sameCall(pendingOf(item), pause.pending);
      if (decision.type === 'approve' && shown) state.approve(item);
      else state.reject(item, rejection(decision.type === 'reject' ? `Rejected by the operator: ${decision.reason}` : 'not shown to the operator'));
    }
    return this.#run(run, state);
  }

  async savePause(run: RunLedger, paused: PausedOutcome): Promise<void> {
    const { threadId, runId, requestId, tenant, trustedText } = run.init;
    await this.#pauses.save({ threadId, runId, requestId, tenant, trustedText, pending: paused.pending, runState: paused.state ?? '', createdAt: run.started.toISOString() });
  }

  releasePause(threadId: string): Promise<void> {
    return this.#pauses.delete(threadId);
  }

  classifyError(error: unknown): StoppedOutcome | undefined {
    if (error instanceof MaxTurnsExceededError) return { kind: 'stopped', reason: 'max_steps', detail: `more than ${this.#maxTurns} model turns`, error: errorText(error) };
    return undefined;
  }

  close(): Promise<void> {
    return this.#close();
  }

  async #run(run: RunLedger, input: string | RunState<unknown, Manager>): Promise<StepOutcome> {
    const result = await withLedger(run, () => this.#runner.run(this.manager, input, { maxTurns: this.#maxTurns }));
    const interruption = run.stopped ? undefined : result.interruptions[0];
    if (interruption) return { kind: 'paused', pending: pendingOf(interruption), text: '', state: result.state.toString() };
    return { kind: 'final', text: result.interruptions.length === 0 && typeof result.finalOutput === 'string' ? result.finalOutput : '' };
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
