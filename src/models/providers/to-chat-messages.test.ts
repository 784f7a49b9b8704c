import { AIMessage, ChatMessage, FunctionMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { convertMessagesToCompletionsMessageParams } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { toChatMessages } from './to-chat-messages.js';

/** What @langchain/openai sends for `messages`, narrowed to the fields toChatMessages keeps. */
function viaLangChainOpenAI(messages: BaseMessage[]): unknown[] {
  const params = convertMessagesToCompletionsMessageParams({ messages }) as unknown as Array<Record<string, unknown>>;
  return params.map((param) => {
    const toolCalls = param.tool_calls as Array<{ id: string; function: { name: string; arguments: string } }> | undefined;
    const content = param.content;
    const text = content === undefined || content === null ? null : typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: unknown) => (typeof p === 'object' && p !== null && 'text' in p ? String(p.text) : '')).join('') : JSON.stringify(content);
    return {
      role: param.role === 'developer' || param.role === 'function' ? 'system' : param.role,
      content: text,
      ...(toolCalls && toolCalls.length > 0 && { tool_calls: toolCalls.map((t) => ({ id: t.id, type: 'function', function: { name: t.function.name, arguments: t.function.arguments } })) }),
      ...(typeof param.tool_call_id === 'string' && { tool_call_id: param.tool_call_id }),
      ...(typeof param.name === 'string' && { name: param.name }),
    };
  });
}

const CONVERSATION: BaseMessage[] = [
  new SystemMessage('You route logistics requests.'),
  new HumanMessage('Де зараз посилка TTN-000001?'),
  new HumanMessage({ content: 'from a named caller', name: 'operator' }),
  new HumanMessage({ content: [{ type: 'text', text: 'look at ' }, { type: 'image_url', image_url: { url: 'https://example.test/a.png' } }, { type: 'text', text: 'this' }] }),
  new HumanMessage({ content: [{ type: 'text', source_type: 'text', text: 'a standard text block' }] }),
  new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'track_shipment', args: { tracking_id: 'TTN-000001' }, type: 'tool_call' }, { id: 'call_2', name: 'check_stock', args: { sku: 'SKU-1001', city: 'Київ' }, type: 'tool_call' }] }),
  new ToolMessage({ content: '{"status":"in_transit"}', tool_call_id: 'call_1', name: 'track_shipment' }),
  new ToolMessage({ content: [{ type: 'text', text: 'stock 12' }], tool_call_id: 'call_2' }),
  new AIMessage({ content: [{ type: 'reasoning', reasoning: 'hidden' }, { type: 'text', text: 'In transit.' }, { type: 'tool_use', id: 'x', name: 'y', input: {} }] }),
  new AIMessage({ content: 'raw calls', additional_kwargs: { tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'quote_delivery', arguments: '{"weight_kg":8}' } }] } }),
  new AIMessage({ content: 'spoken', additional_kwargs: { audio: { id: 'audio_1' } } }),
  new FunctionMessage({ content: 'legacy result', name: 'legacy_fn' }),
  new ChatMessage({ content: 'generic user turn', role: 'user' }),
  new ChatMessage({ content: 'generic developer turn', role: 'developer' }),
  new AIMessage({ content: [{ type: 'text', text: 'standard ' }, { type: 'text', text: 'content' }], name: 'dropped in v1', response_metadata: { output_version: 'v1' }, tool_calls: [{ id: 'call_4', name: 'track_shipment', args: { tracking_id: 'TTN-000002' }, type: 'tool_call' }] }),
  new HumanMessage({ content: [{ type: 'text', text: 'standard question' }], response_metadata: { output_version: 'v1' } }),
];

describe('toChatMessages', () => {
  it('sends what @langchain/openai sends, flattened to text, for every kind of message a run holds', () => {
    const ours = toChatMessages(CONVERSATION);
    expect(ours).toEqual(viaLangChainOpenAI(CONVERSATION));
    // The comparison is not empty-handed: calls, ids, names and dropped parts all come through.
    expect(ours).toHaveLength(CONVERSATION.length + 1);
    expect(ours[5]?.tool_calls?.map((t) => t.function.arguments)).toEqual(['{"tracking_id":"TTN-000001"}', '{"sku":"SKU-1001","city":"Київ"}']);
    expect(ours[8]).toEqual({ role: 'assistant', content: 'In transit.' });
    expect(ours[11]).toEqual({ role: 'assistant', content: null });
  });

  it('refuses a tool call without an id, as the OpenAI client does', () => {
    const missing = new AIMessage({ content: '', tool_calls: [{ name: 'track_shipment', args: {}, type: 'tool_call' }] });
    expect(() => toChatMessages([missing])).toThrow('All OpenAI tool calls must have an "id" field.');
    expect(() => viaLangChainOpenAI([missing])).toThrow('All OpenAI tool calls must have an "id" field.');
  });
});
