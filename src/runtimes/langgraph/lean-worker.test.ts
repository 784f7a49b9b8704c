import type { BaseMessage } from '@langchain/core/messages';
import { ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { GraphRecursionError } from '@langchain/langgraph';
import { createAgent, createMiddleware, modelFallbackMiddleware } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePlannerChatModel } from '../../models/index.js';
import { z } from 'zod';
import { ScriptedChatModel } from '../../testing/scripted-chat-model.js';
import type { Script } from '../../testing/scripted-chat-model.js';
import type { Invocable } from './delegation-tool.js';
import { leanWorker } from './lean-worker.js';
import { openLangGraphRuntime } from './open-runtime.js';
import type { OpenedLangGraphRuntime } from './open-runtime.js';

const lookup = tool(async ({ id }: { id: string }) => (id === 'boom' ? Promise.reject(new Error('store down')) : `found ${id}`), {
  name: 'lookup',
  description: 'Looks an id up',
  schema: z.object({ id: z.string() }),
});

// Calls lookup once per id named in the last human message (several in one turn), then answers.
const script: Script = (messages) => {
  const tools = messages.filter((m) => m.getType() === 'tool');
  if (tools.length > 0) return { content: `answer: ${tools.map((m) => String(m.content)).join('; ')}` };
  const ids = String(messages.filter((m) => m.getType() === 'human').at(-1)?.content ?? '').match(/\S+/g) ?? [];
  return { toolCalls: ids.map((id) => (id === 'bad' ? { name: 'lookup', args: { id: 7 } } : id === 'ghost' ? { name: 'no_such_tool', args: {} } : id === 'extract' ? { name: 'extract-answer', args: {} } : { name: 'lookup', args: { id } })) };
};

// Records the order hooks run in and what each model request carried.
function recorder(log: string[], name: string) {
  return createMiddleware({
    name,
    wrapModelCall: async (request, handler) => {
      log.push(`${name}:model:${request.messages.length}:${request.tools.map((t) => String((t as { name?: unknown }).name)).join(',')}`);
      return handler(request);
    },
    wrapToolCall: async (request, handler) => {
      log.push(`${name}:tool:${request.toolCall.name}`);
      return handler(request);
    },
  });
}

const shape = (messages: readonly BaseMessage[]) =>
  // A bad argument's error text carries the stack it was thrown on, which differs between the two.
  messages.map((m) => ({ type: m.getType(), content: typeof m.content === 'string' ? m.content.replace(/\n\s+at .*/g, '') : m.content, calls: (m as { tool_calls?: Array<{ name: string; args: unknown }> }).tool_calls?.map((c) => [c.name, c.args]) ?? [], status: (m as { status?: unknown }).status ?? null }));

async function both(input: string, withMiddleware = true) {
  const run = async (build: (log: string[]) => Invocable) => {
    const log: string[] = [];
    const worker = build(log);
    try {
      const result = await worker.invoke({ messages: [{ role: 'user', content: input }] }, { recursionLimit: 25 });
      return { log, messages: shape(result.messages), error: undefined };
    } catch (error) {
      return { log, messages: [], error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  };
  const middleware = (log: string[]) => (withMiddleware ? [recorder(log, 'outer'), recorder(log, 'inner')] : []);
  const graph = await run((log) => createAgent({ model: new ScriptedChatModel(script), tools: [lookup], name: 'w', systemPrompt: 'You look ids up.', middleware: middleware(log) }).graph as unknown as Invocable);
  const lean = await run((log) => leanWorker({ name: 'w', model: new ScriptedChatModel(script), tools: [lookup], systemPrompt: 'You look ids up.', middleware: middleware(log) }));
  return { graph, lean };
}

describe('a lean worker runs as its createAgent graph does', () => {
  it.each([
    ['one tool call', 'A1'],
    ['three calls in one turn', 'A1 B2 C3'],
    ['a call with bad arguments, answered as an error', 'A1 bad'],
    ['a call of a tool it does not have', 'ghost A1'],
    ['a tool that fails, ending the worker', 'A1 boom'],
    ['a reply whose only call names an extract- tool, which ends the graph', 'extract'],
    ['a reply with an extract- call beside a lookup, which only runs the lookup', 'extract A1'],
  ])('%s: the same messages, hook order and outcome', async (_, input) => {
    const { graph, lean } = await both(input);
    // The input message comes back in the graph's state; the lean loop returns the same list.
    expect(lean.messages.length > 0 || lean.error !== undefined).toBe(true);
    expect(lean).toEqual(graph);
  });

  it('without a wrapToolCall middleware, a tool that fails is answered as the tool node answers it', async () => {
    const { graph, lean } = await both('A1 boom', false);
    expect(graph.messages.at(-2)).toMatchObject({ type: 'tool', status: 'error' });
    expect(lean).toEqual(graph);
  });

  it('the first middleware is outermost, around both model and tool calls', async () => {
    const { lean } = await both('A1');
    expect(lean.log).toEqual(['outer:model:1:lookup', 'inner:model:1:lookup', 'outer:tool:lookup', 'inner:tool:lookup', 'outer:model:3:lookup', 'inner:model:3:lookup']);
  });

  it('runs at most maxConcurrency tool calls at once, as the graph does, and keeps their order', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = tool(
      async ({ id }: { id: string }) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return `found ${id}`;
      },
      { name: 'lookup', description: 'Looks an id up', schema: z.object({ id: z.string() }) },
    );
    const worker = leanWorker({ name: 'w', model: new ScriptedChatModel(script), tools: [slow], systemPrompt: 'x', middleware: [] });
    const result = await worker.invoke({ messages: [{ role: 'user', content: 'A B C D E' }] }, { maxConcurrency: 2 });
    expect(most).toBe(2);
    expect(result.messages.filter((m) => m.getType() === 'tool').map((m) => m.content)).toEqual(['found A', 'found B', 'found C', 'found D', 'found E']);
  });

  it('stops at the recursion limit with LangGraph’s error', async () => {
    const looping = new ScriptedChatModel(() => ({ toolCalls: [{ name: 'lookup', args: { id: 'again' } }] }));
    const worker = leanWorker({ name: 'w', model: looping, tools: [lookup], systemPrompt: 'Loop.', middleware: [] });
    await expect(worker.invoke({ messages: [{ role: 'user', content: 'go' }] }, { recursionLimit: 6 })).rejects.toBeInstanceOf(GraphRecursionError);
    expect(looping.calls).toBe(3);
  });

  // A model that calls lookup twice, one turn each, then answers: five steps (model, tools, model, tools, model).
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('ends at recursion limit %i on the same step as the graph, finished or not', async (recursionLimit) => {
    const run = async (build: (model: ScriptedChatModel) => Invocable) => {
      const model = new ScriptedChatModel((messages) => (messages.filter((m) => m.getType() === 'tool').length >= 2 ? { content: 'done' } : { toolCalls: [{ name: 'lookup', args: { id: 'A' } }] }));
      const outcome = await build(model)
        .invoke({ messages: [{ role: 'user', content: 'go' }] }, { recursionLimit })
        .then((result) => result.messages.length, (error: unknown) => (error instanceof Error ? error.name : String(error)));
      return { outcome, modelCalls: model.calls };
    };
    const graph = await run((model) => createAgent({ model, tools: [lookup], name: 'w', systemPrompt: 'x' }).graph as unknown as Invocable);
    const lean = await run((model) => leanWorker({ name: 'w', model, tools: [lookup], systemPrompt: 'x', middleware: [] }));
    expect(lean).toEqual(graph);
  });

  // A gate that fails on `boom` (after the calls beside it have started): a failure that ends the worker.
  const failingGate = () =>
    createMiddleware({
      name: 'gate',
      wrapToolCall: async (request, handler) => {
        if (request.toolCall.args.id !== 'boom') return handler(request);
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('gate down');
      },
    });

  it.each([undefined, 2])('a failing call aborts the calls beside it and starts no queued call (maxConcurrency %s)', async (maxConcurrency) => {
    const run = async (build: (model: ScriptedChatModel, tools: [StructuredToolInterface]) => Invocable) => {
      const events: string[] = [];
      const slow = tool(
        async ({ id }: { id: string }, config) => {
          events.push(`start ${id}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
          events.push(`end ${id}, aborted: ${String((config as { signal?: AbortSignal }).signal?.aborted === true)}`);
          return id;
        },
        { name: 'lookup', description: 'Looks an id up', schema: z.object({ id: z.string() }) },
      );
      const model = new ScriptedChatModel(() => ({ toolCalls: ['slow', 'boom', 'q1', 'q2'].map((id) => ({ name: 'lookup', args: { id } })) }));
      const error = await build(model, [slow])
        .invoke({ messages: [{ role: 'user', content: 'go' }] }, { maxConcurrency })
        .then(() => 'none', (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown)));
      // The calls' own functions run on after the step gave up on them: wait for them to end.
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { error, events: events.sort() };
    };
    const graph = await run((model, tools) => createAgent({ model, tools, name: 'w', systemPrompt: 'x', middleware: [failingGate()] }).graph as unknown as Invocable);
    const lean = await run((model, tools) => leanWorker({ name: 'w', model, tools, systemPrompt: 'x', middleware: [failingGate()] }));
    expect(graph.error).toBe('gate down');
    expect(lean).toEqual(graph);
  });

  // A gate that answers a failed call (as Waybill's tool gate does) would otherwise let the loop go on.
  const answeringGate = () =>
    createMiddleware({
      name: 'gate',
      wrapToolCall: async (request, handler) => {
        try {
          return await handler(request);
        } catch {
          return new ToolMessage({ content: 'failed', tool_call_id: request.toolCall.id ?? '', status: 'error' });
        }
      },
    });

  it.each([
    ['before it starts', true],
    ['while a tool runs', false],
  ])('stops on an aborted signal as the graph does: %s', async (_, abortFirst) => {
    const run = async (build: (model: ScriptedChatModel, tools: [StructuredToolInterface]) => Invocable) => {
      const controller = new AbortController();
      if (abortFirst) controller.abort();
      let toolCalls = 0;
      const aborting = tool(
        async () => {
          toolCalls += 1;
          controller.abort();
          return 'ok';
        },
        { name: 'lookup', description: 'Looks an id up', schema: z.object({ id: z.string() }) },
      );
      const model = new ScriptedChatModel((messages) => (messages.some((m) => m.getType() === 'tool') ? { content: 'done' } : { toolCalls: [{ name: 'lookup', args: { id: 'A' } }] }));
      const rejected = await build(model, [aborting])
        .invoke({ messages: [{ role: 'user', content: 'go' }] }, { signal: controller.signal })
        .then(() => false, () => true);
      return { rejected, modelCalls: model.calls, toolCalls };
    };
    const graph = await run((model, tools) => createAgent({ model, tools, name: 'w', systemPrompt: 'x', middleware: [answeringGate()] }).graph as unknown as Invocable);
    const lean = await run((model, tools) => leanWorker({ name: 'w', model, tools, systemPrompt: 'x', middleware: [answeringGate()] }));
    expect(graph.rejected).toBe(true);
    expect(lean).toEqual(graph);
  });

  // build-agents.ts puts the fallback outermost: a failed model call runs the policy's wrapper again with the next model.
  it.each([
    ['the fallback answers', false],
    ['the fallback fails too', true],
  ])('with modelFallbackMiddleware outermost, as the graph: %s', async (_, fallbackFails) => {
    const run = async (build: (log: string[], model: ScriptedChatModel, fallback: ScriptedChatModel) => Invocable) => {
      const log: string[] = [];
      const failing = new ScriptedChatModel(() => {
        throw new Error('provider down');
      });
      const fallback = new ScriptedChatModel((messages, names) => {
        if (fallbackFails) throw new Error('fallback down');
        return script(messages, names);
      });
      try {
        const result = await build(log, failing, fallback).invoke({ messages: [{ role: 'user', content: 'A1' }] }, { recursionLimit: 25 });
        return { log, messages: shape(result.messages), error: undefined, calls: [failing.calls, fallback.calls] };
      } catch (error) {
        const chain: string[] = [];
        for (let e: unknown = error; e instanceof Error; e = e.cause) chain.push(`${e.constructor.name}: ${e.message}`);
        return { log, messages: [], error: chain, calls: [failing.calls, fallback.calls] };
      }
    };
    const graph = await run((log, model, fallback) => createAgent({ model, tools: [lookup], name: 'w', systemPrompt: 'x', middleware: [modelFallbackMiddleware(fallback), recorder(log, 'policy')] }).graph as unknown as Invocable);
    const lean = await run((log, model, fallback) => leanWorker({ name: 'w', model, tools: [lookup], systemPrompt: 'x', middleware: [modelFallbackMiddleware(fallback), recorder(log, 'policy')] }));
    expect(graph.calls[0]).toBeGreaterThan(0);
    expect(lean).toEqual(graph);
  });

  it('refuses middleware with a hook only a graph runs, rather than skip it', () => {
    const before = createMiddleware({ name: 'trim', beforeModel: async () => undefined });
    expect(() => leanWorker({ name: 'w', model: new ScriptedChatModel(script), tools: [lookup], systemPrompt: 'x', middleware: [before] })).toThrow(/trim has beforeModel/);
  });
});

describe('which workers run lean in the runtime', () => {
  const opened: OpenedLangGraphRuntime[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });

  // A worker run as its graph reads its own checkpoint (namespace `tools:<task>`) before it starts.
  async function workerReads(input: string) {
    const o = await openLangGraphRuntime({ dbPath: ':memory:', model: new OfflinePlannerChatModel() });
    opened.push(o);
    const namespaces: string[] = [];
    const read = o.checkpointer.getTuple.bind(o.checkpointer);
    o.checkpointer.getTuple = async (config) => {
      namespaces.push(String(config.configurable?.checkpoint_ns ?? ''));
      return read(config);
    };
    const record = await o.runtime.ask({ input });
    return { record, graphReads: namespaces.filter((ns) => ns !== '').length };
  }

  it('a request that asks for no cancellation runs every worker lean, with the same answer', async () => {
    const { record, graphReads } = await workerReads('Де зараз посилка TTN-000001? І скільки SKU-1001 на складах?');
    expect(record).toMatchObject({ status: 'finished' });
    expect(record.subtasks?.map((t) => [t.agent, t.status])).toEqual([['tracking_agent', 'ok'], ['warehouse_agent', 'ok']]);
    expect(graphReads).toBe(0);
  });

  // cancel_shipment is offered only on a cancellation word; a model that calls it anyway is refused before
  // any approval is filed, so no pause can happen in a lean worker (whose loop a resume would ask again).
  it('a call of cancel_shipment the request did not ask for is refused, with no approval filed and no pause', async () => {
    let workerCalls = 0;
    const model = new ScriptedChatModel((messages, names) => {
      const answered = messages.some((m) => m.getType() === 'tool');
      if (names.includes('tracking_agent')) return answered ? { content: 'done' } : { toolCalls: [{ name: 'tracking_agent', args: { request: 'Де зараз посилка TTN-000004?' } }] };
      workerCalls += 1;
      return answered ? { content: 'cancelled' } : { toolCalls: [{ name: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 100 } }] };
    });
    const o = await openLangGraphRuntime({ dbPath: ':memory:', model });
    opened.push(o);
    const record = await o.runtime.ask({ input: 'Де зараз посилка TTN-000004?', threadId: 'named' });
    expect(record).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment', tool_calls: [{ tool: 'cancel_shipment', status: 'denied' }] });
    expect(workerCalls).toBe(1);
    expect(await o.domain.approvals.list({})).toEqual([]);
    expect(await o.domain.countCancellations('TTN-000004')).toBe(0);
    const denied = (await o.runs.listEvents(record.run_id)).find((e) => e.type === 'policy.deny');
    expect(denied?.detail).toBe('cancel_shipment was not offered: the request does not ask for a cancellation');
  });

  it('a request to cancel runs the tracking worker as its graph, which holds the pause', async () => {
    const { record, graphReads } = await workerReads('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн');
    expect(record).toMatchObject({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } });
    expect(graphReads).toBe(1);
  });
});
