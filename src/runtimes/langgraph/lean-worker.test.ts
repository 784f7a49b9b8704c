import type { BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { GraphRecursionError } from '@langchain/langgraph';
import { createAgent, createMiddleware } from 'langchain';
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
  return { toolCalls: ids.map((id) => (id === 'bad' ? { name: 'lookup', args: { id: 7 } } : id === 'ghost' ? { name: 'no_such_tool', args: {} } : { name: 'lookup', args: { id } })) };
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

async function both(input: string) {
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
  const middleware = (log: string[]) => [recorder(log, 'outer'), recorder(log, 'inner')];
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
  ])('%s: the same messages, hook order and outcome', async (_, input) => {
    const { graph, lean } = await both(input);
    // The input message comes back in the graph's state; the lean loop returns the same list.
    expect(lean.messages.length > 0 || lean.error !== undefined).toBe(true);
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

  it('a request to cancel runs the tracking worker as its graph, which holds the pause', async () => {
    const { record, graphReads } = await workerReads('Скасуй TTN-000004, клієнт відмовився, поверни 720 грн');
    expect(record).toMatchObject({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment' } });
    expect(graphReads).toBe(1);
  });
});
