import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, ChatMessage as GenericMessage, isDataContentBlock, ToolMessage } from '@langchain/core/messages';
import type { ChatMessage } from '../offline-planner/index.js';

/** Content parts a chat-completions request leaves out (the model's own tool calls and reasoning). */
const DROPPED_PARTS = new Set(['tool_use', 'tool_call', 'reasoning', 'reasoning_content', 'thinking']);

/**
 * LangChain messages in the chat-completions wire format (what an OpenAI-compatible server receives),
 * with content flattened to text. Used by the offline planner, token counting and replay fingerprints.
 *
 * The mapping is `convertMessagesToCompletionsMessageParams` of @langchain/openai narrowed to the
 * fields read here (to-chat-messages.test.ts holds the two together). It is not imported from there:
 * that package loads the whole OpenAI SDK, which a run on the offline planner never calls.
 */
export function toChatMessages(messages: readonly BaseMessage[]): ChatMessage[] {
  return messages.flatMap((message) => {
    // LangChain's standard-content (v1) messages go out as their text blocks, without a name.
    const v1 = (message.response_metadata as Record<string, unknown>).output_version === 'v1';
    const wire: ChatMessage = { role: roleOf(message), content: contentOf(message, v1) };
    if (!v1 && message.name != null) wire.name = message.name;
    const toolCalls = v1 && wire.role !== 'assistant' ? undefined : toolCallsOf(message);
    if (toolCalls && toolCalls.length > 0) wire.tool_calls = toolCalls;
    if (ToolMessage.isInstance(message) && message.tool_call_id != null) wire.tool_call_id = message.tool_call_id;
    // A reply with audio goes out followed by an assistant message that refers to it (no text).
    const audio = message.additional_kwargs.audio;
    return !v1 && typeof audio === 'object' && audio !== null && 'id' in audio ? [wire, { role: 'assistant' as const, content: null }] : [wire];
  });
}

function roleOf(message: BaseMessage): ChatMessage['role'] {
  const type = message.getType();
  if (type === 'ai') return 'assistant';
  if (type === 'human') return 'user';
  if (type === 'tool') return 'tool';
  if (type === 'system' || type === 'function' || type === 'developer') return 'system';
  if (type === 'generic' && GenericMessage.isInstance(message)) {
    // A custom role goes out as written, as @langchain/openai sends it; only its function role reads as system.
    return message.role === 'function' || message.role === 'developer' ? 'system' : (message.role as ChatMessage['role']);
  }
  throw new Error(`Unknown message type: ${type}`);
}

function contentOf(message: BaseMessage, v1: boolean): string | null {
  if (v1) {
    return message.contentBlocks.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('');
  }
  const content: unknown = message.content;
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content.map(textOfPart).join('');
}

function textOfPart(part: unknown): string {
  if (typeof part !== 'object' || part === null) return '';
  const type = 'type' in part ? part.type : undefined;
  if (typeof type === 'string' && DROPPED_PARTS.has(type)) return '';
  // A standard data block: only a text one carries text on the wire (images, audio and files do not).
  if (isDataContentBlock(part)) return part.type === 'text' && 'text' in part ? String(part.text) : '';
  return 'text' in part ? String(part.text) : '';
}

function toolCallsOf(message: BaseMessage): ChatMessage['tool_calls'] {
  if (AIMessage.isInstance(message) && message.tool_calls && message.tool_calls.length > 0) {
    return message.tool_calls.map((call) => {
      if (call.id === undefined) throw new Error('All OpenAI tool calls must have an "id" field.');
      return { id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.args) } };
    });
  }
  const raw = message.additional_kwargs.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }> | undefined;
  return raw?.map((t) => ({ id: t.id, type: 'function' as const, function: { name: t.function.name, arguments: t.function.arguments } }));
}
