import type { Content, FunctionDeclaration, Part } from '@google/genai';
import type { LlmRequest } from '@google/adk';
import type { ChatMessage, ChatToolCall, OfferedTool } from '../../models/index.js';
import { geminiSchemaToJson } from './gemini-schema-to-json.js';

/** The body of a chat-completions request, without the model and sampling settings. */
export interface ChatRequestBody {
  messages: ChatMessage[];
  tools: OfferedTool[];
}

function systemText(instruction: unknown): string {
  if (typeof instruction === 'string') return instruction;
  const parts = (instruction as Content | undefined)?.parts ?? [];
  return parts.map((part) => part.text ?? '').join('\n');
}

// A function response that wraps one string (ADK's `{result: …}`) is sent as that string.
function responseText(response: unknown): string {
  const result = (response as { result?: unknown } | undefined)?.result;
  if (typeof result === 'string' && Object.keys(response as object).length === 1) return result;
  return JSON.stringify(response ?? {});
}

function contentMessages(content: Content): ChatMessage[] {
  const parts: Part[] = content.parts ?? [];
  const texts = parts.filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text ?? '');
  const calls: ChatToolCall[] = parts.flatMap((part) =>
    part.functionCall ? [{ id: part.functionCall.id ?? part.functionCall.name ?? 'call', type: 'function' as const, function: { name: part.functionCall.name ?? '', arguments: JSON.stringify(part.functionCall.args ?? {}) } }] : [],
  );
  const results: ChatMessage[] = parts.flatMap((part) =>
    part.functionResponse ? [{ role: 'tool' as const, tool_call_id: part.functionResponse.id ?? part.functionResponse.name ?? 'call', content: responseText(part.functionResponse.response) }] : [],
  );
  if (content.role === 'model') {
    if (texts.length === 0 && calls.length === 0) return [];
    return [{ role: 'assistant', content: texts.length > 0 ? texts.join('\n') : null, ...(calls.length > 0 && { tool_calls: calls }) }];
  }
  return [...results, ...(texts.length > 0 ? [{ role: 'user' as const, content: texts.join('\n') }] : [])];
}

/**
 * ADK's request (Gemini-shaped: a system instruction, `user`/`model` contents with text, function
 * call and function response parts, tool declarations with Gemini schemas) as an OpenAI chat request.
 */
export function toChatRequest(request: LlmRequest): ChatRequestBody {
  const system = systemText(request.config?.systemInstruction);
  const messages: ChatMessage[] = [...(system ? [{ role: 'system' as const, content: system }] : []), ...request.contents.flatMap(contentMessages)];
  const declarations: FunctionDeclaration[] = (request.config?.tools ?? []).flatMap((tool) => ('functionDeclarations' in tool ? (tool.functionDeclarations ?? []) : []));
  const tools: OfferedTool[] = declarations.map((declaration) => ({
    type: 'function',
    function: {
      name: declaration.name ?? '',
      ...(declaration.description !== undefined && { description: declaration.description }),
      parameters: declaration.parametersJsonSchema !== undefined ? (declaration.parametersJsonSchema as Record<string, unknown>) : geminiSchemaToJson(declaration.parameters ?? { type: 'OBJECT', properties: {} }),
    },
  }));
  return { messages, tools };
}
