import type { BaseMessage } from '@langchain/core/messages';
import { convertMessagesToCompletionsMessageParams } from '@langchain/openai';
import type { ChatMessage } from '../offline-planner/index.js';

/**
 * LangChain messages in the chat-completions wire format (what an OpenAI-compatible server receives),
 * with content flattened to text. Used by the offline planner, token counting and replay fingerprints.
 */
export function toChatMessages(messages: readonly BaseMessage[]): ChatMessage[] {
  const params = convertMessagesToCompletionsMessageParams({ messages: [...messages] }) as unknown as Array<Record<string, unknown>>;
  return params.map((param) => {
    const role = param.role === 'developer' || param.role === 'function' ? 'system' : (param.role as ChatMessage['role']);
    const toolCalls = param.tool_calls as ChatMessage['tool_calls'] | undefined;
    return {
      role,
      content: flatten(param.content),
      ...(toolCalls && toolCalls.length > 0 && { tool_calls: toolCalls.map((t) => ({ id: t.id, type: 'function' as const, function: { name: t.function.name, arguments: t.function.arguments } })) }),
      ...(typeof param.tool_call_id === 'string' && { tool_call_id: param.tool_call_id }),
      ...(typeof param.name === 'string' && { name: param.name }),
    };
  });
}

function flatten(content: unknown): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : '')).join('');
  return JSON.stringify(content);
}
