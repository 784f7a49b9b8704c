import type { BaseMessage } from '@langchain/core/messages';
import { argsHash } from '../../domain/index.js';
import { toChatMessages } from '../providers/to-chat-messages.js';

/** The name of an offered tool, whatever shape it was offered in (LangChain tool or OpenAI function). */
export function offeredToolName(tool: unknown): string {
  const t = tool as { name?: unknown; function?: { name?: unknown } };
  return typeof t.function?.name === 'string' ? t.function.name : typeof t.name === 'string' ? t.name : '';
}

/** Names of offered tools, sorted. */
function toolNames(tools: readonly unknown[] = []): string[] {
  return tools.map(offeredToolName).sort();
}

/**
 * What identifies a model request for replay: the conversation as the wire would carry it and the
 * offered tool names. Tool-call ids are left out, since providers generate them.
 */
export function requestFingerprint(messages: readonly BaseMessage[], tools: readonly unknown[] = []): string {
  const conversation = toChatMessages(messages).map((m) => ({
    role: m.role,
    content: m.content ?? '',
    calls: (m.tool_calls ?? []).map((c) => [c.function.name, c.function.arguments]),
  }));
  return argsHash({ conversation, tools: toolNames(tools) });
}
