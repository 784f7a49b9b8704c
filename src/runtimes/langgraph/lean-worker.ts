import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage, ToolCall } from '@langchain/core/messages';
import { coerceMessageLikeToMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolInputParsingException } from '@langchain/core/tools';
import { GraphRecursionError } from '@langchain/langgraph';
import type { AnyAgentMiddleware } from 'langchain';
import { MiddlewareError, ToolInvocationError } from 'langchain';
import type { Invocable } from './delegation-tool.js';

// The hooks a lean worker runs. Any other hook (before/after model or agent) is a graph node of its own
// in `createAgent`, and a worker built with one is refused here rather than run without it.
const RUNNABLE_HOOKS = new Set(['name', 'wrapModelCall', 'wrapToolCall']);

type ModelRequest = { model: BaseChatModel; messages: BaseMessage[]; systemPrompt: string; systemMessage: SystemMessage; tools: StructuredToolInterface[]; modelSettings?: Record<string, unknown>; state: { messages: BaseMessage[] }; runtime: unknown };
type ModelHandler = (request: ModelRequest) => Promise<AIMessage>;
type ToolRequest = { toolCall: ToolCall; tool: StructuredToolInterface | undefined; state: { messages: BaseMessage[] }; runtime: unknown };
type ToolHandler = (request: ToolRequest) => Promise<ToolMessage>;
type Hooks = { name: string; wrapModelCall?: (request: ModelRequest, handler: ModelHandler) => Promise<AIMessage>; wrapToolCall?: (request: ToolRequest, handler: ToolHandler) => Promise<ToolMessage> };

export interface LeanWorkerParts {
  name: string;
  model: BaseChatModel;
  tools: readonly StructuredToolInterface[];
  systemPrompt: string;
  middleware: readonly AnyAgentMiddleware[];
}

/**
 * A worker's loop (model, then its tool calls, until a reply calls none) run in the delegation's own
 * task instead of as a nested `createAgent` graph: the same model requests, middleware (first one
 * outermost, as `createAgent` composes them), tool errors and recursion limit, without a Pregel run per
 * delegation (about 2 ms of framework CPU each, issue 36). It keeps no state between calls, so a worker
 * that may pause for approval runs as its graph, which checkpoints where the pause resumes.
 */
export function leanWorker(parts: LeanWorkerParts): Invocable {
  for (const m of parts.middleware) {
    const extra = Object.keys(m).filter((key) => !RUNNABLE_HOOKS.has(key) && (m as unknown as Record<string, unknown>)[key] !== undefined);
    if (extra.length > 0) throw new Error(`lean worker ${parts.name}: middleware ${m.name} has ${extra.join(', ')}, which only its graph runs`);
  }
  const hooks = parts.middleware as unknown as readonly Hooks[];
  const systemMessage = new SystemMessage({ content: [{ type: 'text', text: parts.systemPrompt }] });
  const tools = [...parts.tools];
  return {
    async invoke(input, config) {
      const runConfig = (config ?? {}) as RunnableConfig;
      // Middleware and tools find the run through LangChain's config (ledger-in-config.ts), as in a graph node.
      return AsyncLocalStorageProviderSingleton.runWithConfig(runConfig, () => runLoop(input.messages.map((m) => coerceMessageLikeToMessage(m)), runConfig));
    },
  };

  async function runLoop(messages: BaseMessage[], config: RunnableConfig): Promise<{ messages: BaseMessage[] }> {
    const limit = config.recursionLimit ?? 25;
    const runtime = Object.freeze({ context: undefined, configurable: config.configurable, signal: config.signal });
    let steps = 0;
    const step = () => {
      steps += 1;
      if (steps > limit) throw new GraphRecursionError(`Recursion limit of ${limit} reached without hitting a stop condition. You can increase the limit by setting the "recursionLimit" config key.`, { lc_error_code: 'GRAPH_RECURSION_LIMIT' });
    };
    for (;;) {
      step();
      const reply = await callModel(messages, config, runtime);
      reply.name = parts.name;
      messages.push(reply);
      const calls = reply.tool_calls ?? [];
      if (calls.length === 0) return { messages };
      step();
      // At most `maxConcurrency` calls at once, as LangGraph runs a graph's tool calls (one task each).
      messages.push(...(await inPool(calls, config.maxConcurrency, (call) => callTool(call, messages, config, runtime))));
    }
  }

  function callModel(messages: BaseMessage[], config: RunnableConfig, runtime: unknown): Promise<AIMessage> {
    const base: ModelHandler = async (request) => {
      const system = request.systemPrompt === systemMessage.text ? systemMessage : new SystemMessage({ content: [{ type: 'text', text: request.systemPrompt }] });
      if (!request.model.bindTools) throw new Error(`the model of ${parts.name} cannot call tools`);
      const bound = request.model.bindTools(request.tools, { ...request.modelSettings, tool_choice: undefined });
      return (await bound.invoke([system, ...request.messages], config)) as AIMessage;
    };
    let handler = base;
    for (const m of [...hooks].reverse()) {
      if (!m.wrapModelCall) continue;
      const inner = handler;
      const wrap = m.wrapModelCall;
      handler = async (request) => {
        try {
          return await wrap(request, inner);
        } catch (error) {
          throw MiddlewareError.wrap(error, m.name);
        }
      };
    }
    return handler({ model: parts.model, messages, systemPrompt: systemMessage.text, systemMessage, tools, state: { messages }, runtime });
  }

  async function callTool(call: ToolCall, messages: BaseMessage[], config: RunnableConfig, runtime: unknown): Promise<ToolMessage> {
    const base: ToolHandler = async ({ toolCall, tool }) => {
      const chosen = tool ?? tools.find((t) => t.name === toolCall.name);
      if (!chosen) return new ToolMessage({ content: `Error: ${toolCall.name} is not a valid tool, try one of [${tools.map((t) => t.name).join(', ')}].`, tool_call_id: toolCall.id ?? '', name: toolCall.name, status: 'error' });
      try {
        const output: unknown = await chosen.invoke({ ...toolCall, type: 'tool_call' }, { ...config, toolCallId: toolCall.id } as RunnableConfig);
        if (output instanceof ToolMessage) return output;
        return new ToolMessage({ name: chosen.name, content: typeof output === 'string' ? output : JSON.stringify(output), tool_call_id: toolCall.id ?? '' });
      } catch (error) {
        if (error instanceof ToolInputParsingException) throw new ToolInvocationError(error, toolCall);
        throw error;
      }
    };
    let handler = base;
    for (const m of [...hooks].reverse()) {
      if (!m.wrapToolCall) continue;
      const inner = handler;
      const wrap = m.wrapToolCall;
      handler = async (request) => {
        const below = new Set<unknown>();
        try {
          return await wrap(request, async (passed) => {
            try {
              return await inner(passed);
            } catch (error) {
              below.add(error);
              throw error;
            }
          });
        } catch (error) {
          if (below.has(error)) throw error;
          throw MiddlewareError.wrap(error, m.name);
        }
      };
    }
    try {
      return await handler({ toolCall: call, tool: tools.find((t) => t.name === call.name), state: { messages }, runtime });
    } catch (error) {
      // As createAgent's tool node: a call with bad arguments is answered; any other failure ends the worker.
      let cause = error;
      while (cause instanceof MiddlewareError) cause = cause.cause;
      if (cause instanceof ToolInvocationError) return new ToolMessage({ content: cause.message, tool_call_id: call.id ?? '', name: call.name, status: 'error' });
      throw error;
    }
  }
}

/** `run` over `items` with at most `limit` in flight (all at once when unset), results in the items' order. */
async function inPool<T, R>(items: readonly T[], limit: number | undefined, run: (item: T) => Promise<R>): Promise<R[]> {
  if (limit === undefined || limit >= items.length) return Promise.all(items.map(run));
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, lane));
  return results;
}
