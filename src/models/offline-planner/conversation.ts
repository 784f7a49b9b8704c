import type { ChatMessage } from './chat-types.js';
import { messageText } from './read-text.js';
import { parseJsonObject } from './safe-json.js';

// Tool results are parsed, never scanned by a pattern, so they may be longer than user text.
const MAX_RESULT_CHARS = 65_536;

/** One tool call found in the conversation, with its result once a tool message answered it. */
export interface RecordedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** Position of the assistant message that made the call. */
  messageIndex: number;
  /** Content of the first tool message with this call's id; undefined while none has arrived. */
  result: string | undefined;
}

/** What the planner needs from a conversation, read once. */
export interface Conversation {
  /** The last user message: the task (bounded, see MAX_TEXT_CHARS). Empty when there is none. */
  task: string;
  /** Every tool call in the conversation, in order. */
  calls: RecordedCall[];
  /** Calls made after the last user message: the current turn. */
  turnCalls: RecordedCall[];
  /** Assistant texts without tool calls after the last user message (workers' answers after a handoff). */
  turnTexts: string[];
  /** Every tool-call id already used, so new ids never collide. */
  usedIds: ReadonlySet<string>;
}

/** Reads a chat-completions conversation; system messages are not read (see the report on the system prompt). */
export function readConversation(messages: readonly ChatMessage[]): Conversation {
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const results = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'tool' && message.tool_call_id !== undefined && !results.has(message.tool_call_id)) {
      results.set(message.tool_call_id, messageText(message.content, MAX_RESULT_CHARS));
    }
  }
  const calls = messages.flatMap((message, messageIndex) =>
    message.role !== 'assistant'
      ? []
      : (message.tool_calls ?? []).map((call) => ({
          id: call.id,
          name: call.function.name,
          args: parseJsonObject(call.function.arguments) ?? {},
          messageIndex,
          result: results.get(call.id),
        })),
  );
  const turnTexts = messages.flatMap((message, index) => {
    if (index <= lastUser || message.role !== 'assistant' || (message.tool_calls?.length ?? 0) > 0) return [];
    const text = messageText(message.content, MAX_RESULT_CHARS).trim();
    return text ? [text] : [];
  });
  const lastUserMessage = messages[lastUser];
  return {
    task: lastUserMessage ? messageText(lastUserMessage.content) : '',
    calls,
    turnCalls: calls.filter((call) => call.messageIndex > lastUser),
    turnTexts,
    usedIds: new Set(calls.map((call) => call.id)),
  };
}
