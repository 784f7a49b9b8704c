import type { AIMessageChunk } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainToolSpecs } from '../../testing/domain-tool-specs.js';
import { createChatModel } from '../providers/create-chat-model.js';
import { toChatMessages } from '../providers/to-chat-messages.js';
import { countCompletionTokens, countPromptTokens } from '../tokens/token-counter.js';
import type { RunningOracle } from './serve-oracle.js';
import { serveOracle } from './serve-oracle.js';

const settings = { temperature: 0.1, timeoutMs: 5000, maxRetries: 1 };
const question = 'Де зараз посилка TTN-000001?';
let oracle: RunningOracle;

beforeAll(async () => {
  oracle = await serveOracle({ port: 0 });
});
afterAll(async () => {
  await oracle.close();
});

describe('the oracle through LangChain’s OpenAI client (real HTTP on a local port)', () => {
  it('answers a tracking question with a track_shipment call and a usage block that matches the tokenizer', async () => {
    const model = createChatModel({ model: 'openai/gpt-4.1', baseUrl: oracle.baseUrl }, settings).bindTools(domainToolSpecs());
    const reply = await model.invoke([new HumanMessage(question)]);
    expect(reply.tool_calls?.map((c) => [c.name, c.args])).toEqual([['track_shipment', { tracking_id: 'TTN-000001' }]]);
    const wire = toChatMessages([new HumanMessage(question)]);
    expect(reply.usage_metadata?.input_tokens).toBe(countPromptTokens(wire, domainToolSpecs()));
    expect(reply.usage_metadata?.output_tokens).toBe(
      countCompletionTokens({ content: null, tool_calls: [{ function: { name: 'track_shipment', arguments: '{"tracking_id":"TTN-000001"}' } }] }),
    );
  });

  it('streams the same tool call, with usage in the last chunk', async () => {
    const model = createChatModel({ model: 'gpt-4.1', baseUrl: oracle.baseUrl }, settings).bindTools(domainToolSpecs());
    let merged: AIMessageChunk | undefined;
    for await (const chunk of await model.stream([new HumanMessage('Скільки ноутбуків SKU-1001 на складах?')])) merged = merged ? merged.concat(chunk) : chunk;
    expect(merged?.tool_calls?.map((c) => [c.name, c.args])).toEqual([['check_stock', { sku: 'SKU-1001' }]]);
    expect(merged?.usage_metadata?.input_tokens).toBeGreaterThan(100);
  });
});

describe('the oracle’s HTTP surface', () => {
  it('lists its model and rejects a malformed request with a 400 that says why', async () => {
    const models = (await (await fetch(`${oracle.baseUrl}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['waybill-offline-planner']);
    const bad = await fetch(`${oracle.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"model":"x","messages":[]}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/messages/);
  });

  it('streams server-sent events that end with usage and [DONE] when asked', async () => {
    const response = await fetch(`${oracle.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'x', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Write me a poem about the sea' }] }),
    });
    const events = (await response.text()).split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
    expect(events.at(-1)).toBe('[DONE]');
    const usage = JSON.parse(events.at(-2) ?? '{}') as { usage?: { total_tokens: number }; choices: unknown[] };
    expect(usage.choices).toEqual([]);
    expect(usage.usage?.total_tokens).toBeGreaterThan(0);
    expect(response.headers.get('x-waybill-planner')).toBe('not_understood');
    const text = events.slice(0, -2).map((e) => (JSON.parse(e) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '').join('');
    expect(text).toMatch(/TTN-000001/);
  });
});
