import type { StopReason } from '../../policy/index.js';
import type { CompanionWrite } from '../../storage/index.js';
import type { RunIntent, RunPending } from '../../telemetry/index.js';
import type { RecordedDecision } from './record-decision.js';
import type { RunLedger } from './run-ledger.js';
import type { RuntimeName } from './runtime.js';

/** The framework answered: `text` is the model's last words (empty when it gave none). */
interface FinalOutcome {
  kind: 'final';
  text: string;
}

/**
 * The framework paused before an irreversible call for a human. `state` is the framework's own
 * serialised run state when it resumes from that rather than from a checkpoint of its own (the OpenAI
 * Agents SDK's `RunState`): the kernel hands it to `savePause` when it records the pause.
 */
export interface PausedOutcome {
  kind: 'paused';
  pending: RunPending;
  text: string;
  state?: string;
}

/**
 * The framework ended the run itself (a recursion or turn limit, a failed model). `error`, when set, is
 * the framework's message, audited as a `model.error` event of `agent` (default `supervisor`).
 */
export interface StoppedOutcome {
  kind: 'stopped';
  reason: StopReason;
  detail: string;
  error?: string;
  agent?: string;
}

/** What one step of a framework left: plain data, the kernel's to apply to the run (as agents-js's NextStep). */
export type StepOutcome = FinalOutcome | PausedOutcome | StoppedOutcome;

/**
 * A framework's writes held back for the run's record: WITH clauses that ride in the record's statement
 * when the run store is on their database (one commit), else written on their own, first (`flush`).
 */
export interface HeldWrites {
  readonly write: CompanionWrite;
  flush(): Promise<void>;
}

/** A call a thread waits on, as the framework keeps it; `input` is the user's words the paused run started from. */
export interface PausedCall {
  pending: RunPending;
  input: string;
  /** The run that paused, when the framework knows it (a pause of an older run is not the thread's). */
  runId?: string;
}

/**
 * One agent framework as the run kernel drives it: translation of a kernel step to the framework and
 * back, nothing else. A port never changes the kernel's state: it returns outcomes, and the gates it
 * wires into the framework (step gate, tool gate) are the kernel's functions. Shaped like the MCP SDK's
 * `Transport`: `start` is required; the rest are optional, each called at one point of the protocol.
 *
 * - `start`: a new request, from the admitted (guarded, redacted) text; also a recovered run the port
 *   cannot `continue`.
 * - `continue`: a run whose process died, taken over by recovery: from what the framework kept (a
 *   checkpoint, a stored pause), else from `intent.input`. Absent: `start` from the input again.
 * - `pending`: the call a thread waits on, read by `state`, `decide` and recovery. A port with
 *   `pending` pauses and must implement `proceed`; without both, `decide` answers `nothing_pending`.
 * - `proceed`: the paused run, on with a decision already recorded in the approval store.
 * - `pastPause`: a decided pause the framework no longer waits on (the resumed run went past it
 *   before its process died): what that run reached. Absent: no answer.
 * - `savePause`: called before the kernel records a pause whose outcome carries `state`.
 * - `releasePause`: called once a resumed run is recorded and no longer paused.
 * - `takeHeldWrites`: the framework's writes of the run held back for its record (LangGraph's
 *   end-of-run checkpoint on PostgreSQL), taken once when the record is about to be saved.
 * - `classifyError`: a framework error that ends the run (as `stopped`) instead of crashing it; model
 *   endpoint failures are the kernel's to classify. Undefined: the error is thrown to the caller.
 * - `editRefusal`: why the framework cannot apply an operator's edit of the call (`invalid_edit`).
 * - `close`: the framework's own resources (servers, checkpointers), before the stores close.
 */
export interface FrameworkPort<P extends PausedCall = PausedCall> {
  readonly name: RuntimeName;
  /** The model that serves, e.g. `waybill-offline-planner`. */
  readonly modelName: string;
  start(run: RunLedger, text: string): Promise<StepOutcome>;
  continue?(run: RunLedger, intent: RunIntent): Promise<StepOutcome>;
  pending?(threadId: string): Promise<P | undefined>;
  proceed?(run: RunLedger, pause: P, decision: RecordedDecision): Promise<StepOutcome>;
  pastPause?(threadId: string): Promise<StepOutcome>;
  savePause?(run: RunLedger, paused: PausedOutcome): Promise<void>;
  releasePause?(threadId: string): Promise<void>;
  takeHeldWrites?(run: RunLedger): HeldWrites | undefined;
  classifyError?(error: unknown): StoppedOutcome | undefined;
  readonly editRefusal?: string;
  close?(): Promise<void>;
}
