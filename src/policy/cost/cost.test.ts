import { describe, expect, it } from 'vitest';
import { costOf } from './cost-of.js';
import { definePriceTable, normaliseModelName } from './model-prices.js';

describe('model names', () => {
  it.each([
    ['openrouter/openai/gpt-4.1', 'gpt-4.1'],
    ['openai/gpt-4.1-mini', 'gpt-4.1-mini'],
    [' GPT-4.1 ', 'gpt-4.1'],
    ['gpt-4.1', 'gpt-4.1'],
  ])('normalises %j to %s', (raw, name) => {
    expect(normaliseModelName(raw)).toBe(name);
  });
});

describe('cost', () => {
  it('prices gpt-4.1 at $2 / $8 and gpt-4.1-mini at $0.40 / $1.60 per million tokens', () => {
    expect(costOf({ model: 'openrouter/openai/gpt-4.1', promptTokens: 1000, completionTokens: 500 })).toBeCloseTo(0.006, 12);
    expect(costOf({ model: 'openai/gpt-4.1-mini', promptTokens: 1_000_000, completionTokens: 1_000_000 })).toBeCloseTo(2.0, 12);
  });

  it('says the cost of an unpriced model is unknown (undefined), not 0', () => {
    expect(costOf({ model: 'llama3.1:8b', promptTokens: 100, completionTokens: 10 })).toBeUndefined();
  });

  it('extends the price table and rejects nonsense prices', () => {
    const table = definePriceTable({ 'openrouter/qwen/qwen3-32b': { inputPerMillion: 0.1, outputPerMillion: 0.3 } });
    expect(costOf({ model: 'qwen/qwen3-32b', promptTokens: 1_000_000, completionTokens: 0 }, table)).toBeCloseTo(0.1, 12);
    expect(() => definePriceTable({ bad: { inputPerMillion: -1, outputPerMillion: 0 } })).toThrow(/non-negative/);
  });
});
