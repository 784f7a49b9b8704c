import { isStillPending } from '../list-pending-approvals.js';
import type { ServerDeps } from '../server-deps.js';
import type { ProtocolCheckpoint, ProtocolStore, ProtocolThreadRow, ProtocolThreadStatus } from './protocol-store.js';
import type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';
import { aiMessage, answeredRunId, interruptFor } from './protocol-values.js';
import type { RecordReader } from './checkpoint-values.js';
import { recordReader, resolveMessages } from './checkpoint-values.js';
import { readProtocolRun } from './read-protocol-run.js';

/** A thread as it is now: read from its protocol runs and the kernel's run records, never stored. */
export interface ThreadNow {
  status: ProtocolThreadStatus;
  values: ProtocolValues;
  interrupts: ProtocolInterrupt[];
  /** The thread's latest checkpoint (its conversation after its last protocol run). */
  checkpoint: ProtocolCheckpoint | undefined;
}

/** Refusals a run ends with that leave the thread as it was (someone else decided first, nothing to resume...). */
const REFUSALS: ReadonlySet<string> = new Set(['already_decided', 'nothing_pending', 'invalid_edit', 'runtime_mismatch', 'not_found', 'thread_busy', 'invalid_body']);

/** True when the run ended with a fault, not with a refusal that left the thread as it was. */
async function failed(store: ProtocolStore, runId: string): Promise<boolean> {
  const events = await store.listEvents(runId, 0, 100_000);
  const last = events.at(-1);
  return !(last?.event === 'error' && REFUSALS.has(String((last.data as { error?: unknown }).error)));
}

/**
 * The thread's status, values and interrupts from the records that own them: `busy` while a protocol
 * run is pending or running (or a decided pause is being resumed); `interrupted` while the kernel's
 * latest run on it waits for an approval (its interrupt is that run's pending call); `error` when its
 * last protocol run failed; `idle` otherwise. The conversation is the latest checkpoint's (its answers
 * read from the kernel's records), with the
 * answer of a kernel run that ended outside the protocol (a pause decided through `/v1/approvals`, the
 * console, a webhook link, `waybill approve`) after it.
 */
export async function readThreadState(deps: ServerDeps, thread: ProtocolThreadRow, read: RecordReader = recordReader(deps.opened.runs)): Promise<ThreadNow> {
  const id = thread.thread_id;
  const [active, checkpoint, latest, lastRuns] = await Promise.all([
    deps.protocol.activeRun(id), deps.protocol.latestCheckpoint(id), deps.opened.runs.latestRunForThread(id), deps.protocol.listRunRequests(id, 1, 0),
  ]);
  const record = latest && latest.tenant === thread.tenant ? latest : undefined;
  const paused = !active && record?.status === 'awaiting_approval' && record.pending && (await isStillPending(deps.opened, record)) ? record : undefined;
  const interrupts = paused?.pending ? [interruptFor(paused, paused.pending)] : [];
  let messages: ProtocolMessage[] = checkpoint ? await resolveMessages(read, checkpoint.messages) : [];
  if (!active && record && record.status !== 'decided' && !messages.some((m) => m.type === 'ai' && answeredRunId(m) === record.run_id)) messages = [...messages, aiMessage(record.run_id, record)];
  const lastRun = lastRuns[0] && (await readProtocolRun(deps.opened.runs, lastRuns[0]));
  let status: ProtocolThreadStatus = 'idle';
  if (active || record?.status === 'decided') status = 'busy';
  else if (paused) status = 'interrupted';
  else if (lastRun?.status === 'error' && (await failed(deps.protocol, lastRun.run_id))) status = 'error';
  return { status, values: { messages }, interrupts, checkpoint };
}
