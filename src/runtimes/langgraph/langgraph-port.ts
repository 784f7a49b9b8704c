import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, StateSnapshot } from '@langchain/langgraph';
import { Command, GraphRecursionError } from '@langchain/langgraph';
import { ROLES } from '../../agents/index.js';
import type { RunIntent, RunPending } from '../../telemetry/index.js';
import type { FrameworkPort, HeldWrites, PausedCall, RecordedDecision, RunLedger, StepOutcome, StoppedOutcome } from '../core/index.js';
import { errorText } from '../core/index.js';
import type { buildSupervisor } from './build-agents.js';
import { ledgerConfigurable } from './ledger-in-config.js';

/** LangGraph's checkpoint timing: `exit` (Waybill's default), `async` or `sync` (one per step). */
export type Durability = 'exit' | 'async' | 'sync';

interface InvokeResult {
  messages?: BaseMessage[];
  __interrupt__?: Array<{ value?: unknown }>;
}

export interface LangGraphPortParts {
  supervisor: ReturnType<typeof buildSupervisor>;
  checkpointer: BaseCheckpointSaver;
  modelName: string;
  maxConcurrency: number;
  durability: Durability;
  closeCheckpointer: () => Promise<void>;
}

/**
 * The kernel's steps on LangGraph.js: a supervisor graph that only delegates to three workers, its
 * checkpoints the framework's memory of a pause (a human-in-the-loop interrupt) and of a run in flight.
 */
export class LangGraphPort implements FrameworkPort {
  readonly name = 'langgraph';
  readonly modelName: string;
  readonly checkpointer: BaseCheckpointSaver;
  readonly #parts: LangGraphPortParts;

  constructor(parts: LangGraphPortParts) {
    this.#parts = parts;
    this.modelName = parts.modelName;
    this.checkpointer = parts.checkpointer;
  }

  /** The compiled supervisor graph (for `waybill graph` and structural tests). */
  get graph() {
    return this.#parts.supervisor.graph;
  }

  start(run: RunLedger, text: string): Promise<StepOutcome> {
    return this.#invoke(run, { messages: [new HumanMessage(text)] });
  }

  async continue(run: RunLedger, intent: RunIntent): Promise<StepOutcome> {
    const snapshot = await this.#snapshot(intent.threadId);
    const interrupt = snapshot.tasks.flatMap((task) => task.interrupts)[0];
    // Paused before its record was written: the pause is recorded now (its approval was filed before it).
    if (interrupt) return outcomeOf({ messages: messagesOf(snapshot), __interrupt__: [interrupt] });
    // Checkpointed mid-run (durability sync or async): go on from there; else run again from the input.
    return this.#invoke(run, snapshot.next.length > 0 ? null : { messages: [new HumanMessage(intent.input)] });
  }

  async pending(threadId: string): Promise<PausedCall | undefined> {
    const snapshot = await this.#snapshot(threadId);
    for (const task of snapshot.tasks) {
      for (const interrupt of task.interrupts) {
        const pending = pendingFrom(interrupt.value);
        if (pending) return { pending, input: lastHumanText(snapshot) };
      }
    }
    return undefined;
  }

  proceed(run: RunLedger, pause: PausedCall, recorded: RecordedDecision): Promise<StepOutcome> {
    const { decision } = recorded;
    const resume =
      decision.type === 'approve'
        ? { type: 'approve' }
        : decision.type === 'edit'
          ? { type: 'edit', editedAction: { name: pause.pending.tool, args: recorded.args } }
          : { type: 'reject', message: `Rejected by the operator: ${decision.reason}` };
    return this.#invoke(run, new Command({ resume: { decisions: [resume] } }));
  }

  async pastPause(threadId: string): Promise<StepOutcome> {
    return outcomeOf({ messages: messagesOf(await this.#snapshot(threadId)) });
  }

  /** The run's end-of-run checkpoint, held back by a saver that can (PostgreSQL) for the record's statement. */
  takeHeldWrites(run: RunLedger): HeldWrites | undefined {
    return holdsWrites(this.checkpointer) ? this.checkpointer.takeHeldWrites(run.init.threadId) : undefined;
  }

  classifyError(error: unknown): StoppedOutcome | undefined {
    if (error instanceof GraphRecursionError) return { kind: 'stopped', reason: 'max_steps', detail: 'the graph reached its recursion limit', error: errorText(error) };
    return undefined;
  }

  close(): Promise<void> {
    return this.#parts.closeCheckpointer();
  }

  async #invoke(run: RunLedger, input: unknown): Promise<StepOutcome> {
    const config = {
      configurable: { thread_id: run.init.threadId, ...ledgerConfigurable(run) },
      recursionLimit: 4 * (run.init.budget.limits.maxSteps + 2),
      maxConcurrency: this.#parts.maxConcurrency,
      durability: this.#parts.durability,
    };
    // The compiled graph, as for the workers (build-agents.ts): no state read before every run. The
    // ledger travels in the config (ledger-in-config.ts).
    // At durability `exit` the run's checkpoints are written once, as it ends: a saver that can holds
    // them for the record's statement (takeHeldWrites). A run that throws leaves none, as a crash would.
    const saver = this.#parts.durability === 'exit' && holdsWrites(this.checkpointer) ? this.checkpointer : undefined;
    saver?.holdWrites(run.init.threadId);
    try {
      return outcomeOf((await this.graph.invoke(input as never, config)) as InvokeResult);
    } catch (error) {
      saver?.dropHeldWrites(run.init.threadId);
      throw error;
    }
  }

  #snapshot(threadId: string): Promise<StateSnapshot> {
    return this.graph.getState({ configurable: { thread_id: threadId } });
  }
}

/** A saver that can hold a thread's checkpoints back for the run's record (one-statement-postgres-saver.ts). */
interface HoldsWrites {
  holdWrites(threadId: string): void;
  dropHeldWrites(threadId: string): void;
  takeHeldWrites(threadId: string): HeldWrites | undefined;
}

const holdsWrites = (saver: BaseCheckpointSaver): saver is BaseCheckpointSaver & HoldsWrites => typeof (saver as Partial<HoldsWrites>).takeHeldWrites === 'function';

const messagesOf = (snapshot: StateSnapshot): BaseMessage[] => (snapshot.values as { messages?: BaseMessage[] }).messages ?? [];

function outcomeOf(result: InvokeResult): StepOutcome {
  const last = result.messages?.at(-1);
  const text = typeof last?.content === 'string' ? last.content : '';
  const pending = pendingFrom(result.__interrupt__?.[0]?.value);
  return pending ? { kind: 'paused', pending, text } : { kind: 'final', text };
}

/** The user's words the paused run started from (the only text that may initiate a write). */
function lastHumanText(snapshot: StateSnapshot): string {
  const messages = messagesOf(snapshot).filter((m) => m.getType() === 'human');
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
