import type { ChatToolCall } from '../offline-planner/index.js';
import { countCompletionTokens, countTokens } from '../tokens/token-counter.js';
import type { ChatRequest } from './chat-request.js';
import { jsonSchemaInstance } from './json-schema-instance.js';

/** One choice as the response carries it. */
export interface ShapedChoice {
  content: string | null;
  toolCalls: ChatToolCall[];
  finishReason: 'stop' | 'length' | 'tool_calls';
}

/**
 * Applies what the request asks of the reply's form: the response format (the answer as JSON of the
 * requested shape), stop sequences (the content ends before the first), and the token limit (content
 * cut to it, finish_reason `length`; tool calls that do not fit are not sent, as a cut-off model's
 * would not parse).
 */
export function shapeChoice(reply: { content: string | null; toolCalls: ChatToolCall[] }, request: ChatRequest): ShapedChoice {
  const limit = request.max_completion_tokens ?? request.max_tokens ?? undefined;
  if (reply.toolCalls.length > 0) {
    if (limit !== undefined && countCompletionTokens({ content: null, tool_calls: reply.toolCalls }) > limit) return { content: '', toolCalls: [], finishReason: 'length' };
    return { content: null, toolCalls: reply.toolCalls, finishReason: 'tool_calls' };
  }
  let content = formatted(reply.content ?? '', request.response_format);
  const stops = typeof request.stop === 'string' ? [request.stop] : (request.stop ?? []);
  const cut = Math.min(...stops.filter((stop) => stop !== '').map((stop) => content.indexOf(stop)).filter((index) => index >= 0));
  if (Number.isFinite(cut)) content = content.slice(0, cut);
  if (limit !== undefined && countTokens(content) > limit) return { content: truncateToTokens(content, limit), toolCalls: [], finishReason: 'length' };
  return { content, toolCalls: [], finishReason: 'stop' };
}

function formatted(text: string, format: ChatRequest['response_format']): string {
  if (format?.type === 'json_object') return JSON.stringify({ answer: text });
  if (format?.type === 'json_schema') {
    const built = jsonSchemaInstance(format.json_schema.schema ?? true, text);
    // The schema was checked before planning; a problem here would be a bug, not the caller's fault.
    if ('problem' in built) throw new Error(`response_format: ${built.problem}`);
    return JSON.stringify(built.value);
  }
  return text;
}

/** The longest prefix of `text` (whole code points) of at most `limit` tokens. */
function truncateToTokens(text: string, limit: number): string {
  const points = Array.from(text);
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (countTokens(points.slice(0, mid).join('')) <= limit) low = mid;
    else high = mid - 1;
  }
  return points.slice(0, low).join('');
}
