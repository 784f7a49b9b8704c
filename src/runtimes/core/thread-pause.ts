import type { RunPending, RunRecord } from '../../telemetry/index.js';
import type { FrameworkPort, PausedCall } from './framework-port.js';

/** A pause as the kernel decides it: the framework's view of the call, and the call as filed at the boundary. */
export interface ThreadPause<P extends PausedCall> {
  call: P;
  pending: RunPending;
}

/**
 * The call a thread waits on, with the approval filed for it (from the paused run's record `last`). A
 * pause whose run did not end paused (the boundary refused to file it), or that is not the thread's
 * latest run's, is not pending: nothing can approve it.
 */
export async function threadPause<P extends PausedCall>(port: FrameworkPort<P>, threadId: string, last: RunRecord | undefined): Promise<ThreadPause<P> | undefined> {
  if (last?.status !== 'awaiting_approval' && last?.status !== 'decided') return undefined;
  const call = await port.pending?.(threadId);
  if (!call || (call.runId !== undefined && call.runId !== last.run_id)) return undefined;
  const pending = last.pending?.tool === call.pending.tool ? { ...call.pending, ...last.pending, agent: call.pending.agent } : call.pending;
  return { call, pending };
}
