import type { RuntimeName } from '../../runtimes/index.js';
import { publicThreadId } from '../thread-key.js';
import type { ProtocolCheckpoint, ProtocolThreadRow } from './protocol-store.js';
import type { ProtocolInterrupt, ProtocolValues } from './protocol-values.js';
import type { ProtocolRun } from './read-protocol-run.js';
import type { ThreadNow } from './read-thread-state.js';

/** The graph every Waybill assistant runs, as LangGraph clients name it. */
export const GRAPH_ID = 'waybill';

/** The one assistant of the runtime this server runs; its id is the runtime's name. */
export function assistantView(runtime: RuntimeName, model: string, createdAt: string) {
  return {
    assistant_id: runtime,
    graph_id: GRAPH_ID,
    name: `waybill-${runtime}`,
    description: `Waybill's supervisor and workers on the ${runtime} runtime (logistics: tracking, stock, prices, cancellation with approval)`,
    config: {},
    context: {},
    metadata: { runtime, model },
    version: 1,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

const checkpointRef = (threadId: string, checkpointId: string | null) => ({ thread_id: threadId, checkpoint_ns: '', checkpoint_id: checkpointId, checkpoint_map: null });

/**
 * A thread's state at one checkpoint (or empty before its first run), with the interrupt it waits on as
 * a task in LangGraph's shape (`id, name, path, error, interrupts, checkpoint, state, result`). `state`
 * gives the values and interrupts, read from the kernel's records: the thread's now
 * (`readThreadState`), or as the checkpoint's run left them (`checkpointValues`); the metadata is the
 * run's (as LangGraph's checkpoint metadata carries it) with `source`, `step` and `run_id`.
 */
export function stateView(threadId: string, checkpoint: ProtocolCheckpoint | undefined, step: number, state: { values: ProtocolValues; interrupts: ProtocolInterrupt[] }, runMetadata: Record<string, unknown> = {}) {
  const { values, interrupts } = state;
  const taskId = `approval-${checkpoint?.run_id ?? ''}`;
  return {
    values,
    next: interrupts.length > 0 ? ['approval'] : [],
    checkpoint: checkpointRef(threadId, checkpoint?.checkpoint_id ?? null),
    metadata: { ...runMetadata, source: 'loop', step, run_id: checkpoint?.run_id ?? null },
    created_at: checkpoint?.created_at ?? null,
    parent_checkpoint: checkpoint?.parent_id ? checkpointRef(threadId, checkpoint.parent_id) : null,
    tasks: interrupts.length > 0 ? [{ id: taskId, name: 'approval', path: ['__pregel_pull', 'approval'], error: null, interrupts, checkpoint: null, state: null, result: null }] : [],
    interrupts,
  };
}

/** A thread with its status, latest values and the interrupts it waits on, as they are now. */
export function threadView(thread: ProtocolThreadRow, now: ThreadNow) {
  return {
    thread_id: publicThreadId(thread.thread_id),
    created_at: thread.created_at,
    updated_at: thread.updated_at,
    state_updated_at: now.checkpoint?.created_at ?? thread.created_at,
    metadata: thread.metadata,
    status: now.status,
    values: now.values,
    interrupts: now.interrupts.length > 0 ? { [`approval-${now.checkpoint?.run_id ?? ''}`]: now.interrupts } : {},
    config: {},
  };
}

export function runView(run: ProtocolRun) {
  return {
    run_id: run.run_id,
    thread_id: publicThreadId(run.thread_id),
    assistant_id: run.assistant_id,
    created_at: run.created_at,
    updated_at: run.updated_at,
    status: run.status,
    metadata: { ...run.metadata, ...(run.record_run_id && { waybill_run_id: run.record_run_id }) },
    multitask_strategy: 'reject',
    kwargs: {},
  };
}
