import { o200kCounter } from './bpe-counter.js';

/** Tokens of `text` in o200k_base, the encoding gpt-4.1 and gpt-4o use (ranks loaded on first count). */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : o200kCounter().count(text);
}

/** What a chat message contributes to a prompt; tool calls count as their name and JSON arguments. */
export interface CountableMessage {
  role: string;
  content: string | null;
  name?: string;
  tool_calls?: ReadonlyArray<{ function: { name: string; arguments: string } }>;
}

// OpenAI's published accounting for chat formats: 3 tokens of framing per message, 3 to prime the reply.
const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;

/**
 * Prompt tokens of a chat request: messages with their framing, plus the offered tools' JSON schemas.
 * An estimate of the provider's own count (exact for plain messages, close for tools), used when a
 * response carries no `usage`.
 */
export function countPromptTokens(messages: readonly CountableMessage[], tools: readonly unknown[] = []): number {
  let total = REPLY_PRIMING;
  for (const message of messages) {
    total += PER_MESSAGE + countTokens(message.role) + countTokens(message.content ?? '');
    if (message.name) total += 1 + countTokens(message.name);
    for (const call of message.tool_calls ?? []) total += countTokens(call.function.name) + countTokens(call.function.arguments);
  }
  if (tools.length > 0) total += countTokens(JSON.stringify(tools));
  return total;
}

/** Completion tokens of an assistant reply: its text and its tool calls. */
export function countCompletionTokens(reply: { content: string | null; tool_calls?: CountableMessage['tool_calls'] }): number {
  let total = countTokens(reply.content ?? '');
  for (const call of reply.tool_calls ?? []) total += countTokens(call.function.name) + countTokens(call.function.arguments);
  return total;
}
