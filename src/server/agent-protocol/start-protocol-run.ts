import type { Decision } from '../../runtimes/index.js';
import { decideApproval } from '../decide-approval.js';
import type { ServerDeps } from '../server-deps.js';
import { driveProtocolRun, failProtocolRun } from './drive-protocol-run.js';
import type { ProtocolRunner } from './drive-protocol-run.js';
import { startEvents } from './protocol-run-events.js';
import type { ProtocolThreadStatus } from './protocol-store.js';
import type { ProtocolMessage } from './protocol-values.js';
import { humanMessage } from './protocol-values.js';

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
  /** The thread's status before it was claimed, restored when a request is refused (e.g. already decided). */
  previousStatus: ProtocolThreadStatus;
}

/** The protocol runner of this server process. */
export const serverRunner = (deps: ServerDeps): ProtocolRunner => ({ store: deps.protocol, live: deps.liveRuns, log: deps.log });

/**
 * Starts one Agent Protocol run on a thread the caller has claimed (status `busy`): records it with its
 * first events (`metadata`, the values with the question), then runs it here, or with `serve --queue`
 * hands it to a worker (a question as a run job; a decision through `decideApproval`, which queues the
 * resume). Either way each step and the end are stored as events (docs/agent-protocol.md "Streaming"),
 * so any process streams it. Returns once the run is recorded; if it cannot be, the thread gets its
 * previous status back and this rejects. A refusal found later is the run's `error` event.
 */
export async function startProtocolRun(deps: ServerDeps, input: StartRunInput): Promise<{ runId: string; threadId: string }> {
  const { protocol, queue } = deps;
  const run = { runId: `run-${deps.newId()}`, threadId: input.threadId };
  const work = input.work;
  try {
    const before = ((await protocol.latestCheckpoint(input.threadId))?.values.messages as ProtocolMessage[] | undefined) ?? [];
    const messages = work.kind === 'ask' ? [...before, humanMessage(run.runId, work.input)] : before;
    await protocol.createRun({ ...run, tenant: input.tenant, assistantId: input.assistantId, metadata: input.metadata, status: queue ? 'pending' : 'running', streamModes: input.streamModes });
    await protocol.appendEvents(run.runId, startEvents(run, messages));
  } catch (error) {
    // The caller claimed the thread; a run that never started must not leave it busy.
    await protocol.setThreadStatus(input.threadId, input.previousStatus).catch(() => undefined);
    await protocol.finishRun(run.runId, 'error', null).catch(() => undefined);
    throw error;
  }
  const resume = (decision: Decision, pausedRunId: string) => decideApproval(deps, input.tenant, pausedRunId, decision);
  if (queue) {
    // A worker takes the job and drives the run (protocol-job-runtime.ts); a refusal here ends it now.
    try {
      if (work.kind === 'ask') await queue.enqueue({ kind: 'run', runId: run.runId, threadId: run.threadId, tenant: input.tenant, input: work.input, requestId: input.requestId });
      else await resume(work.decision, work.pausedRunId);
    } catch (error) {
      deps.log.error('agent protocol run not queued', { run_id: run.runId, thread_id: run.threadId, error: error instanceof Error ? error.message : String(error) });
      await failProtocolRun(protocol, run, error, input.previousStatus);
    }
    return run;
  }
  const ask = () => deps.opened.ask({ input: work.kind === 'ask' ? work.input : '', threadId: run.threadId, tenant: input.tenant, requestId: input.requestId, runId: run.runId });
  void driveProtocolRun(serverRunner(deps), run, work.kind === 'ask' ? ask : () => resume(work.decision, work.pausedRunId), input.previousStatus).catch(() => undefined);
  return run;
}
