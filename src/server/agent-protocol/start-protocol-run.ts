import { watchRun } from '../../runtimes/index.js';
import type { Decision, RunProgress } from '../../runtimes/index.js';
import type { RunRecord } from '../../telemetry/index.js';
import { ApiError } from '../api-error.js';
import { decideApproval } from '../decide-approval.js';
import type { ServerDeps } from '../server-deps.js';
import type { LiveRun } from './live-runs.js';
import type { ProtocolRunStatus, ProtocolThreadStatus } from './protocol-store.js';
import type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';
import { aiMessage, humanMessage, interruptFor } from './protocol-values.js';

/** What a protocol run does: answer a new question, or apply a decision to the thread's paused run. */
export type RunWork = { kind: 'ask'; input: string } | { kind: 'resume'; pausedRunId: string; decision: Decision };

export interface StartRunInput {
  threadId: string;
  tenant: string;
  requestId: string;
  assistantId: string;
  metadata: Record<string, unknown>;
  work: RunWork;
  /** The thread's status before it was claimed, restored when a request is refused (e.g. already decided). */
  previousStatus: ProtocolThreadStatus;
}

const progressView = (p: RunProgress) => ({
  type: p.type,
  agent: p.agent,
  status: p.status,
  ...(p.tool !== undefined && { tool: p.tool }),
  ...(p.args !== undefined && { args: p.args }),
  ...(p.detail !== undefined && { detail: p.detail }),
  ...(p.task_id !== undefined && { task_id: p.task_id }),
  ...(p.duration_ms !== undefined && { duration_ms: p.duration_ms }),
  ts: p.ts,
});

// LangChain's stream-events names for the steps that have one.
const EVENT_NAMES: Partial<Record<RunProgress['type'], string>> = { 'delegation.start': 'on_chain_start', 'delegation.result': 'on_chain_end', 'tool.call': 'on_tool_end', 'model.call': 'on_chat_model_end' };

/**
 * Starts one Agent Protocol run on a thread the caller has claimed (status `busy`): records it, streams
 * `metadata` and the starting values, then each step of the kernel as it happens (`updates`, `custom`,
 * `events`), and at the end the answer (`messages`, `values`) with the interrupt if the run paused for
 * approval. The thread's checkpoint and status and the run's status are stored when it ends. Returns at
 * once the run is recorded; `live.done` resolves at the end. A resume goes through `decideApproval`, as
 * `/v1` does. If the run cannot be recorded the thread gets its previous status back and this rejects.
 */
export async function startProtocolRun(deps: ServerDeps, input: StartRunInput): Promise<LiveRun> {
  const { protocol, liveRuns } = deps;
  const runId = `run-${deps.newId()}`;
  let before: ProtocolMessage[];
  try {
    await protocol.createRun({ runId, threadId: input.threadId, tenant: input.tenant, assistantId: input.assistantId, metadata: input.metadata });
    before = ((await protocol.latestCheckpoint(input.threadId))?.values.messages as ProtocolMessage[] | undefined) ?? [];
  } catch (error) {
    // The caller claimed the thread; a run that never started must not leave it busy.
    await protocol.setThreadStatus(input.threadId, input.previousStatus).catch(() => undefined);
    throw error;
  }
  const live = liveRuns.start({ runId, threadId: input.threadId, tenant: input.tenant });
  const emit = (event: string, data: unknown) => liveRuns.emit(runId, event, data);
  const messages = input.work.kind === 'ask' ? [...before, humanMessage(runId, input.work.input)] : before;
  emit('metadata', { run_id: runId, thread_id: input.threadId, attempt: 1 });
  emit('values', { messages } satisfies ProtocolValues);

  const onProgress = (p: RunProgress) => {
    const view = progressView(p);
    emit('updates', { [p.agent]: { waybill: view } });
    emit('custom', view);
    const name = EVENT_NAMES[p.type];
    if (name) emit('events', { event: name, name: p.tool ?? p.agent, run_id: runId, data: { status: p.status, ...(p.detail !== undefined && { detail: p.detail }) }, metadata: { langgraph_node: p.agent, task_id: p.task_id } });
  };
  const work = input.work;
  const run = (): Promise<RunRecord> =>
    work.kind === 'ask'
      ? deps.opened.ask({ input: work.input, threadId: input.threadId, tenant: input.tenant, requestId: input.requestId, runId })
      : decideApproval(deps, input.tenant, work.pausedRunId, work.decision);

  void watchRun({ onProgress, signal: live.abort.signal }, run)
    .then(async (record) => {
      const ai = aiMessage(runId, record);
      const pending = record.status === 'awaiting_approval' ? record.pending : undefined;
      const interrupts: ProtocolInterrupt[] = pending ? [interruptFor(record, pending)] : [];
      const values: ProtocolValues = { messages: [...messages, ai] };
      await protocol.addCheckpoint({ checkpointId: `cp-${runId}`, threadId: input.threadId, runId, values, interrupts: interrupts as unknown as Record<string, unknown>[] });
      const cancelled = live.abort.signal.aborted && record.stop_reason === 'operator_kill';
      const runStatus: ProtocolRunStatus = cancelled ? 'interrupted' : 'success';
      const threadStatus: ProtocolThreadStatus = pending ? 'interrupted' : 'idle';
      await protocol.finishRun(runId, runStatus, record.run_id);
      await protocol.setThreadStatus(input.threadId, threadStatus);
      const metadata = { langgraph_node: 'supervisor', run_id: runId, thread_id: input.threadId, waybill_run_id: record.run_id };
      emit('messages', [{ ...ai, type: 'AIMessageChunk' }, metadata]);
      emit('messages/metadata', { [ai.id]: { metadata } });
      emit('messages/complete', [ai]);
      emit('updates', { supervisor: { messages: [ai] } });
      if (pending) emit('updates', { __interrupt__: interrupts });
      emit('values', pending ? { ...values, __interrupt__: interrupts } : values);
    })
    .catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.error('agent protocol run failed', { run_id: runId, thread_id: input.threadId, error: message });
      // A refused request (decided by someone else meanwhile) leaves the thread as it was; a fault marks it.
      // If the store itself is what failed, the error is still emitted; the next server start's
      // recoverAbandoned frees the thread.
      await protocol.finishRun(runId, 'error', null).catch(() => undefined);
      await protocol.setThreadStatus(input.threadId, ApiError.isInstance(error) ? input.previousStatus : 'error').catch(() => undefined);
      const name = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'internal';
      emit('error', { error: name, message });
    })
    .finally(() => liveRuns.end(runId));
  return live;
}
