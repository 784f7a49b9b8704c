import type { BaseMessage } from '@langchain/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { Script } from '../../testing/scripted-chat-model.js';
import { ScriptedChatModel } from '../../testing/scripted-chat-model.js';
import type { OpenedLangGraphRuntime as OpenedRuntime } from './open-runtime.js';
import { openLangGraphRuntime } from './open-runtime.js';

let opened: OpenedRuntime | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const lastUser = (messages: readonly BaseMessage[]) => String(messages.filter((m) => m.getType() === 'human').at(-1)?.content ?? '');
const toolResults = (messages: readonly BaseMessage[]) => messages.filter((m) => m.getType() === 'tool').map((m) => String(m.content));

describe('search_policies through the runtime', () => {
  it('gives a worker scoped policy passages, wrapped as data, with its identity set by the runtime', async () => {
    let seen = '';
    const script: Script = (messages, tools) => {
      if (tools.includes('pricing_agent')) return toolResults(messages).length > 0 ? { content: 'done' } : { toolCalls: [{ name: 'pricing_agent', args: { request: lastUser(messages) } }] };
      const results = toolResults(messages);
      if (results.length === 0) return { toolCalls: [{ name: 'search_policies', args: { query: lastUser(messages), limit: 3 } }] };
      seen = results[0] ?? '';
      return { content: 'answered from policy' };
    };
    opened = await openLangGraphRuntime({ dbPath: ':memory:', model: new ScriptedChatModel(script) });
    const record = await opened.runtime.ask({ input: 'What is the weight limit for overnight delivery?' });
    expect(record).toMatchObject({ status: 'finished', tool_calls: [{ agent: 'pricing_agent', tool: 'search_policies', status: 'ok' }] });
    expect(seen).toContain('<data source="tool:search_policies"');
    const payload = JSON.parse(seen.split('\n').slice(1, -2).join('\n')) as { access: string; hits: Array<{ scope: string; passage: string }> };
    expect(payload.access).toBe('granted');
    expect(payload.hits.length).toBeGreaterThan(0);
    expect(payload.hits.every((h) => h.passage.includes('trust="retrieved"'))).toBe(true);
    expect(payload.hits.map((h) => h.scope)).not.toContain('internal');
  });

  it('keeps the supervisor away from knowledge search (not in its grant)', async () => {
    opened = await openLangGraphRuntime({ dbPath: ':memory:' });
    const tools = opened.runtime.port.graph.nodes.tools?.bound as unknown as { tools: Array<{ name: string }> };
    expect(tools.tools.map((t) => t.name)).not.toContain('search_policies');
  });
});
