import { redactPii } from '../../policy/index.js';
import type { RunPending, RunRecord } from '../../telemetry/index.js';
import { ApiError } from '../api-error.js';
import type { DecisionKind } from '../runtime-decisions.js';
import { RUNTIME_DECISIONS } from '../runtime-decisions.js';

/** A message in a thread's values, as LangChain serialises one (`type` human or ai). */
export interface ProtocolMessage {
  type: 'human' | 'ai';
  id: string;
  content: string;
  [key: string]: unknown;
}

/** A thread's values: the conversation, and the interrupts of a paused run while it waits. */
export interface ProtocolValues {
  messages: ProtocolMessage[];
  __interrupt__?: ProtocolInterrupt[];
  [key: string]: unknown;
}

/**
 * A pause for approval as LangGraph clients see it: an interrupt whose value carries the pending
 * action in the shape of LangChain's human-in-the-loop middleware (`action_requests`, `review_configs`),
 * plus the paused run and, when the approval has them, the argument origins.
 */
export interface ProtocolInterrupt {
  id: string;
  value: {
    action_requests: Array<{ name: string; args: Record<string, unknown>; description: string }>;
    review_configs: Array<{ action_name: string; allowed_decisions: DecisionKind[] }>;
    agent: string;
    paused_run_id: string;
    /** The approval request filed at the MCP boundary for this pause. */
    approval_id?: string;
    origins?: Record<string, unknown>;
    /** The target was named only in third-party text. */
    third_party_target?: boolean;
  };
}

const textOf = (content: unknown): string | undefined => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content.map((part: unknown) => (typeof part === 'string' ? part : part && typeof part === 'object' && 'text' in part && typeof part.text === 'string' ? part.text : '')).filter(Boolean);
    return parts.length > 0 ? parts.join('\n') : undefined;
  }
  return undefined;
};

const isHuman = (message: Record<string, unknown>) => message.type === 'human' || message.role === 'user' || message.role === 'human';

/**
 * The user's words in a run's `input`: the last human message of `{messages: [...]}` (LangChain or
 * OpenAI shape), or `{input: "..."}`, or a string. Throws ApiError `invalid_body` otherwise.
 */
export function inputText(input: unknown): string {
  let text: string | undefined;
  if (typeof input === 'string') text = input;
  else if (input && typeof input === 'object') {
    const { messages } = input as { messages?: unknown };
    if (Array.isArray(messages)) {
      const human = [...messages].reverse().find((m): m is Record<string, unknown> => typeof m === 'string' || (!!m && typeof m === 'object' && isHuman(m as Record<string, unknown>)));
      text = typeof human === 'string' ? human : textOf(human?.content);
    } else text = textOf((input as { input?: unknown }).input);
  }
  if (!text?.trim()) throw new ApiError('invalid_body', 'input: send the question as {"messages": [{"role": "user", "content": "..."}]}, or resume a paused thread with {"command": {"resume": ...}}');
  return text;
}

/** The human message a run starts with; stored redacted, as every other copy of a request is. */
export const humanMessage = (runId: string, text: string): ProtocolMessage => ({ type: 'human', id: `${runId}-human`, content: redactPii(text).text });

/** The run's answer as the AI message it ends with; a paused run's answer says what waits for approval. */
export const aiMessage = (runId: string, record: RunRecord): ProtocolMessage => ({
  type: 'ai',
  id: `${runId}-ai`,
  content: record.answer,
  response_metadata: { waybill: { run_id: record.run_id, status: record.status, stop_reason: record.stop_reason, runtime: record.runtime } },
});

/** The interrupt of a paused run, from its pending call. */
export function interruptFor(record: RunRecord, pending: RunPending): ProtocolInterrupt {
  const { origins } = pending;
  return {
    id: `interrupt-${record.run_id}`,
    value: {
      action_requests: [{ name: pending.tool, args: pending.args, description: record.answer }],
      // What the runtime that paused it can apply: OpenAI Agents takes no edit.
      review_configs: [{ action_name: pending.tool, allowed_decisions: [...RUNTIME_DECISIONS[record.runtime]] }],
      agent: pending.agent,
      paused_run_id: record.run_id,
      ...(pending.approval_id !== undefined && { approval_id: pending.approval_id }),
      ...(origins && { origins }),
      ...(pending.third_party_target === true && { third_party_target: true }),
    },
  };
}

/**
 * An answer as a checkpoint keeps it: which kernel run answered (`run_id`) under the message id the
 * protocol gave it, never the answer itself (the kernel's record has it: `resolveMessages`).
 */
export interface AnswerRef {
  type: 'ai';
  id: string;
  run_id: string;
}

/** A message of a stored conversation: a question in full (the protocol's own), an answer by reference. */
export type StoredMessage = ProtocolMessage | AnswerRef;

/** The kernel run whose answer `message` is: the one its metadata names, else the run its id was made from. */
export const answeredRunId = (message: ProtocolMessage): string => {
  const named = (message.response_metadata as { waybill?: { run_id?: unknown } } | undefined)?.waybill?.run_id;
  return typeof named === 'string' ? named : message.id.replace(/-ai$/, '');
};

/** A conversation as a checkpoint stores it: each answer becomes a reference to its kernel run. */
export const storedMessages = (messages: readonly ProtocolMessage[]): StoredMessage[] =>
  messages.map((m): StoredMessage => (m.type === 'ai' ? { type: 'ai', id: m.id, run_id: answeredRunId(m) } : m));
