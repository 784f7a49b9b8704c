import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChatMessage, ChatToolCall, OfferedTool, PlannerReply, PlanOptions } from '../offline-planner/index.js';
import { OFFLINE_PLANNER_MODEL, planNextMessage } from '../offline-planner/index.js';
import { countCompletionTokens, countPromptTokens } from '../tokens/token-counter.js';
import { ChatRequest, messageText } from './chat-request.js';

export interface OracleOptions {
  /** Added before every completion, to model a real provider's latency. Default 0. */
  latencyMs?: number;
  /** Answer the first `count` completions with `status` (e.g. 429 or 503), to exercise clients' retries. */
  failFirst?: { count: number; status: 429 | 500 | 502 | 503 };
  /** Clock for `created`; ids come from a counter, so a run against the oracle is reproducible. */
  now?: () => Date;
  /** What answers each completion; default the offline planner. Tests pass a script here. */
  planner?: ChatPlanner;
}

/** Something that answers a chat conversation with offered tools the way the offline planner does. */
export type ChatPlanner = (messages: readonly ChatMessage[], tools: readonly OfferedTool[], options?: PlanOptions) => PlannerReply;

interface Completion {
  content: string | null;
  toolCalls: ChatToolCall[];
  finishReason: 'stop' | 'tool_calls';
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** Set when the planner did not understand the request (sent as `x-waybill-planner: not_understood`). */
  notUnderstood: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The offline planner behind an OpenAI-compatible API (`/v1/chat/completions`, plain and streamed,
 * `/v1/models`), so any framework can run, and be measured, with no key. Token counts use o200k_base.
 */
export function createOracleApp(options: OracleOptions = {}): Hono {
  const { latencyMs = 0, failFirst, now = () => new Date(), planner = planNextMessage } = options;
  let served = 0;
  let failuresLeft = failFirst?.count ?? 0;
  const app = new Hono();

  app.get('/v1/models', (c) =>
    c.json({ object: 'list', data: [{ id: OFFLINE_PLANNER_MODEL, object: 'model', created: 0, owned_by: 'waybill' }] }),
  );

  app.post('/v1/chat/completions', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = ChatRequest.safeParse(body);
    if (!parsed.success) {
      const detail = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return c.json({ error: { message: `invalid chat completion request: ${detail}`, type: 'invalid_request_error' } }, 400);
    }
    if (failFirst && failuresLeft > 0) {
      failuresLeft -= 1;
      c.header('retry-after', '0');
      return c.json({ error: { message: 'injected failure', type: 'server_error', code: failFirst.status } }, failFirst.status);
    }
    if (latencyMs > 0) await sleep(latencyMs);
    served += 1;
    const id = `chatcmpl-waybill-${served}`;
    const created = Math.floor(now().getTime() / 1000);
    const request = parsed.data;
    let completion: Completion;
    try {
      completion = complete(request, planner);
    } catch (error) {
      // A planner that throws is a provider failure as a client sees one: a 500, never a dropped socket.
      return c.json({ error: { message: error instanceof Error ? error.message : String(error), type: 'server_error' } }, 500);
    }
    if (completion.notUnderstood) c.header('x-waybill-planner', 'not_understood');
    if (!request.stream) {
      return c.json({
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: completion.content, ...(completion.toolCalls.length > 0 && { tool_calls: completion.toolCalls }) },
            finish_reason: completion.finishReason,
            logprobs: null,
          },
        ],
        usage: completion.usage,
      });
    }
    return streamSSE(c, async (stream) => {
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        stream.writeSSE({ data: JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices, ...extra }) });
      await chunk([{ index: 0, delta: { role: 'assistant', content: completion.toolCalls.length > 0 ? null : '' }, finish_reason: null }]);
      if (completion.content) await chunk([{ index: 0, delta: { content: completion.content }, finish_reason: null }]);
      for (const [index, call] of completion.toolCalls.entries()) {
        await chunk([{ index: 0, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } }] }, finish_reason: null }]);
      }
      await chunk([{ index: 0, delta: {}, finish_reason: completion.finishReason }]);
      if (request.stream_options?.include_usage) await chunk([], { usage: completion.usage });
      await stream.writeSSE({ data: '[DONE]' });
    });
  });

  return app;
}

function complete(request: ChatRequest, planner: ChatPlanner): Completion {
  const messages: ChatMessage[] = request.messages.map((m) => ({
    role: m.role === 'developer' ? 'system' : m.role,
    content: messageText(m.content),
    ...(m.tool_calls && { tool_calls: m.tool_calls.map((t) => ({ id: t.id, type: 'function' as const, function: { name: t.function.name, arguments: t.function.arguments } })) }),
    ...(m.tool_call_id !== undefined && { tool_call_id: m.tool_call_id }),
    ...(m.name !== undefined && { name: m.name }),
  }));
  const tools: OfferedTool[] = (request.tools ?? []).map((t) => ({
    type: 'function',
    function: {
      name: t.function.name,
      ...(t.function.description !== undefined && { description: t.function.description }),
      ...(t.function.parameters !== undefined && { parameters: t.function.parameters }),
    },
  }));
  const reply = planner(messages, tools);
  const content = reply.kind === 'tool_calls' ? null : reply.content;
  const toolCalls = reply.kind === 'tool_calls' ? reply.toolCalls : [];
  const promptTokens = countPromptTokens(messages, request.tools ?? []);
  const completionTokens = countCompletionTokens({ content, tool_calls: toolCalls });
  return {
    content,
    toolCalls,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    notUnderstood: reply.kind === 'not_understood',
  };
}
