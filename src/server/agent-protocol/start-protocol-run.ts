import type { SqlExecutor } from '../../queue/index.js';
import type { Decision } from '../../runtimes/index.js';
import type { AlsoInTransaction } from '../../telemetry/index.js';
import { decideApproval } from '../decide-approval.js';
import type { ServerDeps } from '../server-deps.js';
import { driveProtocolRun, failProtocolRun } from './drive-protocol-run.js';
import type { ProtocolRunner } from './drive-protocol-run.js';
import { startEvents } from './protocol-run-events.js';
import { ApiError } from '../api-error.js';
import type { ProtocolRunRow } from './protocol-store.js';
import type { ProtocolMessage } from './protocol-values.js';
import { humanMessage } from './protocol-values.js';
import { publicThreadId } from '../thread-key.js';

/** What a protocol run does: answer a new question, or apply a decision to the thread's paused run. */
export type RunWork = { kind: 'ask'; input: string } | { kind: 'resume'; pausedRunId: string; decision: Decision };

export interface StartRunInput {
  threadId: string;
  tenant: string;
  requestId: string;
  assistantId: string;
  metadata: Record<string, unknown>;
  streamModes: readonly string[];
  work: RunWork;
  /** The thread's conversation before this run. */
  messages: ProtocolMessage[];
  /** Who asked, for a staged rollout (docs/rollout.md): the key's id, and whether it is the tenant's staff. */
  user?: string;
  internal?: boolean;
}

/** A run just recorded: its ids, and its row as created (queued or taken), whatever has happened to it since. */
export interface StartedRun {
  runId: string;
  threadId: string;
  created: ProtocolRunRow;
}

/** The protocol runner of this server process. */
const serverRunner = (deps: ServerDeps): ProtocolRunner => ({ store: deps.protocol, live: deps.liveRuns, log: deps.log });

/**
 * Starts one Agent Protocol run on a thread of the caller's tenant: records it with its first events
 * (`metadata`, the values with the question), then runs it here, or with `serve --queue` hands it to a
 * worker (a question as a run job; a decision through `decideApproval`, which queues the resume).
 * Either way each step and the end are stored as events (docs/agent-protocol.md "Streaming"), so any
 * process streams it. Returns once the run is recorded; 409 `thread_busy` when the thread has a run
 * pending or running (of concurrent starts one wins). A refusal found later is the run's `error` event.
 */
export async function startProtocolRun(deps: ServerDeps, input: StartRunInput): Promise<StartedRun> {
  const { protocol, queue } = deps;
  const run = { runId: `run-${deps.newId()}`, threadId: input.threadId };
  const work = input.work;
  const caller = { ...(input.user && { user: input.user }), ...(input.internal && { internal: true }) };
  // A stage that does not admit the caller refuses before the run is recorded, so the caller hears 403.
  if (work.kind === 'ask') await deps.rollouts?.admit(input.tenant, input.internal === true);
  const messages = work.kind === 'ask' ? [...input.messages, humanMessage(run.runId, work.input)] : input.messages;
  const job = queue && work.kind === 'ask' ? { kind: 'run' as const, runId: run.runId, threadId: run.threadId, tenant: input.tenant, input: work.input, requestId: input.requestId, ...caller } : undefined;
  // A queued question's job commits with the run (or neither does): a serve that stops in between never leaves it pending for good.
  const enqueue: AlsoInTransaction | undefined = queue && job ? async (sql) => void (await queue.enqueue(job, { db: sql as SqlExecutor })) : undefined;
  const created = await protocol.createRun(
    { ...run, assistantId: input.assistantId, metadata: input.metadata, taken: !queue, streamModes: input.streamModes, events: startEvents(run, messages) },
    enqueue,
  );
  if (!created) throw new ApiError('thread_busy', `thread ${publicThreadId(input.threadId)} has a run in progress (one at a time)`);
  // The resumed run is recorded under this run's id: its status is read from that record.
  const resume = (decision: Decision, pausedRunId: string) => decideApproval(deps, input.tenant, pausedRunId, decision, run.runId);
  if (queue) {
    // A worker takes the job and drives the run (protocol-job-runtime.ts). A decision is claimed and its
    // resume queued in one transaction (decideApproval); a refusal here ends the run now, and a serve that
    // stops before the claim leaves a run the sweep ends (endAbandonedProtocolRuns).
    if (work.kind === 'resume') {
      try {
        await resume(work.decision, work.pausedRunId);
      } catch (error) {
        deps.log.error('agent protocol resume not queued', { run_id: run.runId, thread_id: run.threadId, error: error instanceof Error ? error.message : String(error) });
        await failProtocolRun(protocol, run, error);
      }
    }
    return { ...run, created };
  }
  const ask = () => deps.opened.ask({ input: work.kind === 'ask' ? work.input : '', threadId: run.threadId, tenant: input.tenant, requestId: input.requestId, runId: run.runId, ...caller });
  void driveProtocolRun(serverRunner(deps), run, work.kind === 'ask' ? ask : () => resume(work.decision, work.pausedRunId)).catch(() => undefined);
  return { ...run, created };
}
