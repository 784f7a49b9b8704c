import { redactPii } from '../../policy/index.js';
import type { RunProgress } from '../../runtimes/index.js';
import type { RunRecord } from '../../telemetry/index.js';
import { publicThreadId } from '../thread-key.js';
import type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';

/** A stream event before the store numbers it. */
export interface RunEvent {
  event: string;
  data: unknown;
}

/** Every string inside `value` with personal data redacted: run events are stored, and nothing is stored raw. */
function redactStrings(value: unknown): unknown {
  if (typeof value === 'string') return redactPii(value).text;
  if (Array.isArray(value)) return value.map(redactStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactStrings(v)]));
  return value;
}

const progressView = (p: RunProgress) => ({
  type: p.type,
  agent: p.agent,
  status: p.status,
  ...(p.tool !== undefined && { tool: p.tool }),
  ...(p.args !== undefined && { args: redactStrings(p.args) }),
  ...(p.detail !== undefined && { detail: redactPii(p.detail).text }),
  ...(p.task_id !== undefined && { task_id: p.task_id }),
  ...(p.duration_ms !== undefined && { duration_ms: p.duration_ms }),
  ts: p.ts,
});

// LangChain's stream-events names for the steps that have one.
const EVENT_NAMES: Partial<Record<RunProgress['type'], string>> = { 'delegation.start': 'on_chain_start', 'delegation.result': 'on_chain_end', 'tool.call': 'on_tool_end', 'model.call': 'on_chat_model_end' };

/** The events a run starts with: its metadata, then the thread's values with the question. */
export function startEvents(run: { runId: string; threadId: string }, messages: ProtocolMessage[]): RunEvent[] {
  return [
    { event: 'metadata', data: { run_id: run.runId, thread_id: publicThreadId(run.threadId), attempt: 1 } },
    { event: 'values', data: { messages } satisfies ProtocolValues },
  ];
}

/** The events of one kernel step: `updates`, `custom`, and `events` for the steps LangChain names. */
export function progressEvents(runId: string, p: RunProgress): RunEvent[] {
  const view = progressView(p);
  const events: RunEvent[] = [
    { event: 'updates', data: { [p.agent]: { waybill: view } } },
    { event: 'custom', data: view },
  ];
  const name = EVENT_NAMES[p.type];
  if (name) events.push({ event: 'events', data: { event: name, name: p.tool ?? p.agent, run_id: runId, data: { status: p.status, ...(p.detail !== undefined && { detail: view.detail }) }, metadata: { langgraph_node: p.agent, task_id: p.task_id } } });
  return events;
}

/** The events a run ends with: the answer in each message mode, the interrupt of a pause, the final values. */
export function endEvents(run: { runId: string; threadId: string }, record: RunRecord, ai: ProtocolMessage, values: ProtocolValues, interrupts: ProtocolInterrupt[]): RunEvent[] {
  const metadata = { langgraph_node: 'supervisor', run_id: run.runId, thread_id: publicThreadId(run.threadId), waybill_run_id: record.run_id };
  return [
    { event: 'messages', data: [{ ...ai, type: 'AIMessageChunk' }, metadata] },
    { event: 'messages/metadata', data: { [ai.id]: { metadata } } },
    { event: 'messages/complete', data: [ai] },
    { event: 'updates', data: { supervisor: { messages: [ai] } } },
    ...(interrupts.length > 0 ? [{ event: 'updates', data: { __interrupt__: interrupts } }] : []),
    { event: 'values', data: interrupts.length > 0 ? { ...values, __interrupt__: interrupts } : values },
  ];
}
