import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage, ToolCall } from '@langchain/core/messages';
import { coerceMessageLikeToMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { raceWithSignal } from '@langchain/core/runnables';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolInputParsingException } from '@langchain/core/tools';
import { GraphRecursionError, isGraphBubbleUp, isGraphInterrupt } from '@langchain/langgraph';
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
  // With no wrapToolCall middleware the tool node answers every failure of a tool (ToolNode.js, defaultHandleToolErrors).
  const toolsWrapped = hooks.some((m) => m.wrapToolCall !== undefined);
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
    const outOfSteps = () => new GraphRecursionError(`Recursion limit of ${limit} reached without hitting a stop condition. You can increase the limit by setting the "recursionLimit" config key.`, { lc_error_code: 'GRAPH_RECURSION_LIMIT' });
    // Pregel checks the run's signal before each step and ends the run after its `limit`-th step,
    // even one with nothing left to do (pregel/loop.js `step > stop`, pregel/runner.js).
    const step = () => {
      config.signal?.throwIfAborted();
      steps += 1;
      if (steps > limit) throw outOfSteps();
    };
    for (;;) {
      step();
      const reply = await callModel(messages, config, runtime);
      reply.name = parts.name;
      messages.push(reply);
      // The graph's router sends no `extract-` call (structured output's tools) to its tools (ReactAgent.js #createModelRouter).
      const calls = (reply.tool_calls ?? []).filter((call) => !call.name.startsWith('extract-'));
      if (calls.length === 0) {
        if (steps >= limit) throw outOfSteps();
        return { messages };
      }
      step();
      messages.push(...(await toolStep(calls, messages, config, runtime)));
    }
  }

  /**
   * One step's tool calls as Pregel runs their tasks (pregel/runner.js, retry.js): at most
   * `maxConcurrency` at once, in the calls' order; the first failure aborts the signal of the calls in
   * flight, starts none of those queued, and is thrown once the calls in flight have settled.
   */
  async function toolStep(calls: readonly ToolCall[], messages: BaseMessage[], config: RunnableConfig, runtime: Record<string, unknown>): Promise<ToolMessage[]> {
    const failed = new AbortController();
    const signal = config.signal ? AbortSignal.any([config.signal, failed.signal]) : failed.signal;
    const stepConfig: RunnableConfig = { ...config, signal };
    const stepRuntime = Object.freeze({ ...runtime, signal });
    const results = new Array<ToolMessage>(calls.length);
    const errors: unknown[] = [];
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < calls.length && !signal.aborted) {
        const at = next++;
        try {
          results[at] = await callTool(calls[at] as ToolCall, messages, stepConfig, stepRuntime);
        } catch (error) {
          errors.push(error);
          // An interrupt (LangGraph's own bubble-up) leaves the calls beside it running.
          if (!isGraphBubbleUp(error)) failed.abort();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(config.maxConcurrency ?? calls.length, calls.length)) }, lane));
    if (errors.length > 0) throw errors.find((error) => !isGraphBubbleUp(error)) ?? errors[0];
    // Aborted from outside, the step ends with the run's signal (runner.js), calls left unstarted.
    config.signal?.throwIfAborted();
    return results;
  }

  function callModel(messages: BaseMessage[], config: RunnableConfig, runtime: Record<string, unknown>): Promise<AIMessage> {
    const base: ModelHandler = async (request) => {
      const system = request.systemPrompt === systemMessage.text ? systemMessage : new SystemMessage({ content: [{ type: 'text', text: request.systemPrompt }] });
      if (!request.model.bindTools) throw new Error(`the model of ${parts.name} cannot call tools`);
      const bound = request.model.bindTools(request.tools, { ...request.modelSettings, tool_choice: undefined });
      // Raced with the run's signal, as the model node does (AgentNode.js), whether or not the model honours it.
      return (await raceWithSignal(bound.invoke([system, ...request.messages], config), config.signal)) as AIMessage;
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

  async function callTool(call: ToolCall, messages: BaseMessage[], config: RunnableConfig, runtime: Record<string, unknown>): Promise<ToolMessage> {
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
      // As createAgent's tool node: a call with bad arguments is answered; any other failure ends the
      // worker, unless no middleware wraps tool calls: then any tool failure but an interrupt is answered.
      if (isGraphInterrupt(error)) throw error;
      let cause = error;
      while (cause instanceof MiddlewareError) cause = cause.cause;
      if (cause instanceof ToolInvocationError) return new ToolMessage({ content: cause.message, tool_call_id: call.id ?? '', name: call.name, status: 'error' });
      if (!toolsWrapped) return new ToolMessage({ content: `${String(error)}\n Please fix your mistakes.`, tool_call_id: call.id ?? '', name: call.name, status: 'error' });
      throw error;
    }
  }
}
