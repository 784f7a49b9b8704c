import { describe, expect, it } from 'vitest';
import { countCompletionTokens, countPromptTokens, countTokens } from './token-counter.js';

describe('o200k_base token counts', () => {
  it.each([
    ['', 0],
    ['hello world', 2],
    ['Hello, world!', 4],
  ])('counts %j as %i tokens', (text, tokens) => {
    expect(countTokens(text)).toBe(tokens);
  });

  it('counts a Ukrainian request within a plausible range', () => {
    const uk = countTokens('Де зараз посилка TTN-000001?');
    expect(uk).toBeGreaterThan(4);
    expect(uk).toBeLessThan(20);
  });

  it('frames messages and adds tools and tool calls', () => {
    const messages = [{ role: 'user', content: 'hello world' }];
    expect(countPromptTokens(messages)).toBe(3 + 3 + countTokens('user') + 2);
    const tools = [{ type: 'function', function: { name: 'track_shipment' } }];
    expect(countPromptTokens(messages, tools)).toBe(countPromptTokens(messages) + countTokens(JSON.stringify(tools)));
    const reply = { content: null, tool_calls: [{ function: { name: 'track_shipment', arguments: '{"tracking_id":"TTN-000001"}' } }] };
    expect(countCompletionTokens(reply)).toBe(countTokens('track_shipment') + countTokens('{"tracking_id":"TTN-000001"}'));
  });
});
