import type { RunRecord, RunStore } from '../../telemetry/index.js';
import type { ProtocolCheckpoint } from './protocol-store.js';
import type { AnswerRef, ProtocolInterrupt, ProtocolMessage, ProtocolValues, StoredMessage } from './protocol-values.js';
import { interruptFor } from './protocol-values.js';

/** Reads kernel run records by id, each once per reader (a history resolves the same answers again and again). */
export type RecordReader = (runId: string) => Promise<RunRecord | undefined>;

export function recordReader(runs: Pick<RunStore, 'getRun'>): RecordReader {
  const read = new Map<string, Promise<RunRecord | undefined>>();
  return (runId) => {
    let found = read.get(runId);
    if (!found) read.set(runId, (found = runs.getRun(runId)));
    return found;
  };
}

/**
 * The answer a reference names, from the kernel's record: its text, and its status as the run ended (a
 * pause decided since reads `awaiting_approval`, as it was when the checkpoint was taken). A record that
 * is gone (`waybill prune` deletes old runs) leaves an empty answer that says so: its text was the
 * kernel's, and nothing else kept it.
 */
function answerMessage(ref: AnswerRef, record: RunRecord | undefined): ProtocolMessage {
  if (!record) return { type: 'ai', id: ref.id, content: '', response_metadata: { waybill: { run_id: ref.run_id, record_missing: true } } };
  const status = record.status === 'decided' ? 'awaiting_approval' : record.status;
  return { type: 'ai', id: ref.id, content: record.answer, response_metadata: { waybill: { run_id: record.run_id, status, stop_reason: record.stop_reason, runtime: record.runtime } } };
}

const isRef = (m: StoredMessage): m is AnswerRef => m.type === 'ai' && !('content' in m);

/** A stored conversation with each answer read from the kernel's record of its run. */
export async function resolveMessages(read: RecordReader, messages: readonly StoredMessage[]): Promise<ProtocolMessage[]> {
  return Promise.all(messages.map(async (m) => (isRef(m) ? answerMessage(m, await read(m.run_id)) : (m as ProtocolMessage))));
}

/**
 * The thread's values and interrupts as the checkpoint's run left them: its conversation with the answers
 * from the kernel's records, and the interrupt of the run's own record when it ended paused (decided
 * since or not: the checkpoint is the state at the pause).
 */
export async function checkpointValues(read: RecordReader, checkpoint: ProtocolCheckpoint): Promise<{ values: ProtocolValues; interrupts: ProtocolInterrupt[] }> {
  const own = checkpoint.messages.find((m): m is AnswerRef => isRef(m) && m.id === `${checkpoint.run_id}-ai`);
  const [messages, record] = await Promise.all([resolveMessages(read, checkpoint.messages), own ? read(own.run_id) : undefined]);
  const interrupts = record?.stop_reason === 'awaiting_approval' && record.pending ? [interruptFor(record, record.pending)] : [];
  return { values: { messages }, interrupts };
}
