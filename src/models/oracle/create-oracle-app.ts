import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChatMessage, OfferedTool, PlannerReply, PlanOptions } from '../offline-planner/index.js';
import { OFFLINE_PLANNER_MODEL, planNextMessage } from '../offline-planner/index.js';
import { countCompletionTokens, countPromptTokens } from '../tokens/token-counter.js';
import { ChatRequest, messageText } from './chat-request.js';
import { checkChatRequest } from './check-chat-request.js';
import type { OracleError } from './oracle-error.js';
import { fromSchemaIssue, invalidRequest } from './oracle-error.js';
import type { ShapedChoice } from './shape-choice.js';
import { shapeChoice } from './shape-choice.js';

export interface OracleOptions {
  /** Added before every completion, to model a real provider's latency. Default 0. */
  latencyMs?: number;
  /** Answer the first `count` completions with `status` (e.g. 429 or 503), to exercise clients' retries. */
  failFirst?: { count: number; status: 429 | 500 | 502 | 503 };
  /** Clock for `created`; ids come from a counter, so a run against the oracle is reproducible. */
  now?: () => Date;
  /** What answers each completion; default the offline planner. Tests pass a script here. */
  planner?: ChatPlanner;
  /**
   * Told when a completion request arrives, before its latency: a test that stops a client while it
   * waits on the model (not while it writes) stops it then.
   */
  onRequest?: () => void;
}

/** Something that answers a chat conversation with offered tools the way the offline planner does. */
export type ChatPlanner = (messages: readonly ChatMessage[], tools: readonly OfferedTool[], options?: PlanOptions) => PlannerReply;

interface Completion {
  /** `n` choices; the planner is deterministic, so they are the same answer. */
  choices: ShapedChoice[];
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
  const { latencyMs = 0, failFirst, now = () => new Date(), planner = planNextMessage, onRequest } = options;
  let served = 0;
  let failuresLeft = failFirst?.count ?? 0;
  const app = new Hono();

  app.get('/v1/models', (c) =>
    c.json({ object: 'list', data: [{ id: OFFLINE_PLANNER_MODEL, object: 'model', created: 0, owned_by: 'waybill' }] }),
  );

  const refuse = (error: OracleError) => new Response(JSON.stringify(error.body), { status: error.status, headers: { 'content-type': 'application/json' } });

  app.post('/v1/chat/completions', async (c) => {
    onRequest?.();
    const body: unknown = await c.req.json().catch(() => undefined);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return refuse(invalidRequest('We could not parse the JSON body of your request: expected a JSON object.', null, 'invalid_json'));
    }
    const parsed = ChatRequest.safeParse(body);
    if (!parsed.success) return refuse(fromSchemaIssue(parsed.error.issues[0] as (typeof parsed.error.issues)[number]));
    const refused = checkChatRequest(parsed.data);
    if (refused) return refuse(refused);
    if (failFirst && failuresLeft > 0) {
      failuresLeft -= 1;
      c.header('retry-after', '0');
      return c.json({ error: { message: 'injected failure', type: 'server_error', param: null, code: String(failFirst.status) } }, failFirst.status);
    }
    if (latencyMs > 0) await sleep(latencyMs);
    served += 1;
    const id = `chatcmpl-waybill-${served}`;
    const created = Math.floor(now().getTime() / 1000);
    const request = parsed.data;
    let completion: Completion | OracleError;
    try {
      completion = complete(request, planner);
    } catch (error) {
      // A planner that throws is a provider failure as a client sees one: a 500, never a dropped socket.
      return c.json({ error: { message: error instanceof Error ? error.message : String(error), type: 'server_error', param: null, code: null } }, 500);
    }
    if ('body' in completion) return refuse(completion);
    if (completion.notUnderstood) c.header('x-waybill-planner', 'not_understood');
    if (!request.stream) {
      return c.json({
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: completion.choices.map((choice, index) => ({
          index,
          message: { role: 'assistant', content: choice.content, refusal: null, ...(choice.toolCalls.length > 0 && { tool_calls: choice.toolCalls }) },
          finish_reason: choice.finishReason,
          logprobs: null,
        })),
        usage: completion.usage,
      });
    }
    return streamSSE(c, async (stream) => {
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        stream.writeSSE({ data: JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices, ...extra }) });
      for (const [choiceIndex, choice] of completion.choices.entries()) {
        await chunk([{ index: choiceIndex, delta: { role: 'assistant', content: choice.toolCalls.length > 0 ? null : '' }, finish_reason: null }]);
        if (choice.content) await chunk([{ index: choiceIndex, delta: { content: choice.content }, finish_reason: null }]);
        for (const [index, call] of choice.toolCalls.entries()) {
          await chunk([{ index: choiceIndex, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } }] }, finish_reason: null }]);
        }
        await chunk([{ index: choiceIndex, delta: {}, finish_reason: choice.finishReason }]);
      }
      if (request.stream_options?.include_usage) await chunk([], { usage: completion.usage });
      await stream.writeSSE({ data: '[DONE]' });
    });
  });

  app.notFound((c) => refuse(invalidRequest(`Invalid URL (${c.req.method} ${new URL(c.req.url).pathname}): the oracle serves POST /v1/chat/completions and GET /v1/models.`, null, 'unknown_url', 404)));
  return app;
}

function complete(request: ChatRequest, planner: ChatPlanner): Completion | OracleError {
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
  const choice = request.tool_choice ?? 'auto';
  // tool_choice: none offers no tool; a named function is the only one offered and the only one kept.
  const named = typeof choice === 'object' ? choice.function.name : undefined;
  const offered = choice === 'none' ? [] : named === undefined ? tools : tools.filter((t) => t.function.name === named);
  const reply = planner(messages, offered, request.parallel_tool_calls === false ? { parallelToolCalls: false } : {});
  let toolCalls = reply.kind === 'tool_calls' && choice !== 'none' ? reply.toolCalls.filter((call) => named === undefined || call.function.name === named) : [];
  if (request.parallel_tool_calls === false) toolCalls = toolCalls.slice(0, 1);
  if ((choice === 'required' || named !== undefined) && toolCalls.length === 0) {
    return invalidRequest(
      `The offline planner finds no ${named === undefined ? '' : `${named} `}call to make in this conversation, so 'tool_choice' ${JSON.stringify(choice)} cannot be honoured; it plans tool calls only for the logistics requests it recognises (configure a real model for anything else).`,
      'tool_choice',
      'tool_choice_unsatisfiable',
    );
  }
  const content = reply.kind === 'tool_calls' ? null : reply.content;
  const shaped = shapeChoice({ content: toolCalls.length > 0 ? null : (content ?? ''), toolCalls }, request);
  const promptTokens = countPromptTokens(messages, request.tools ?? []);
  const n = request.n ?? 1;
  const completionTokens = n * countCompletionTokens({ content: shaped.content, tool_calls: shaped.toolCalls });
  return {
    choices: Array.from({ length: n }, () => shaped),
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    notUnderstood: reply.kind === 'not_understood',
  };
}
