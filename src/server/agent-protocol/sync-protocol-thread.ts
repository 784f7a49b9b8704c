import { isStillPending } from '../list-pending-approvals.js';
import type { ServerDeps } from '../server-deps.js';
import type { ProtocolThreadRow } from './protocol-store.js';
import type { ProtocolMessage } from './protocol-values.js';
import { aiMessage, interruptFor } from './protocol-values.js';

/**
 * Brings a thread that waits for an approval up to date when the approval was decided another way
 * (`POST /v1/approvals/:id`, the console, a webhook link, `waybill approve`): the resumed run's answer
 * becomes the thread's next checkpoint and the thread is idle again. Returns the thread as it now is.
 */
export async function syncProtocolThread(deps: ServerDeps, thread: ProtocolThreadRow): Promise<ProtocolThreadRow> {
  if (thread.status !== 'interrupted') return thread;
  const latest = await deps.opened.runs.latestRunForThread(thread.thread_id);
  if (!latest || latest.tenant !== thread.tenant || (await isStillPending(deps.opened, latest))) return thread;
  const previous = await deps.protocol.latestCheckpoint(thread.thread_id);
  if (previous?.run_id === latest.run_id) return thread;
  const messages = (previous?.values.messages as ProtocolMessage[] | undefined) ?? [];
  const pending = latest.status === 'awaiting_approval' ? latest.pending : undefined;
  await deps.protocol.addCheckpoint({
    checkpointId: `cp-${latest.run_id}`,
    threadId: thread.thread_id,
    runId: latest.run_id,
    values: { messages: [...messages, aiMessage(latest.run_id, latest)] },
    interrupts: pending ? [interruptFor(latest, pending) as unknown as Record<string, unknown>] : [],
  });
  await deps.protocol.setThreadStatus(thread.thread_id, pending ? 'interrupted' : 'idle');
  return (await deps.protocol.getThread(thread.thread_id)) ?? thread;
}
