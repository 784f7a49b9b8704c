import { describe, expect, it } from 'vitest';
import { CostTracker, costOf } from './cost-tracker.js';
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

  it('counts tokens of an unpriced model and says its cost is unknown', () => {
    const tracker = new CostTracker();
    expect(tracker.record({ model: 'llama3.1:8b', promptTokens: 100, completionTokens: 10 })).toBe(0);
    expect(tracker.lines()).toEqual([{ model: 'llama3.1:8b', calls: 1, promptTokens: 100, completionTokens: 10, usd: 0, priced: false }]);
  });

  it('accumulates per model and in total', () => {
    const tracker = new CostTracker();
    tracker.record({ model: 'openai/gpt-4.1', promptTokens: 1000, completionTokens: 100 });
    tracker.record({ model: 'gpt-4.1', promptTokens: 1000, completionTokens: 100 });
    tracker.record({ model: 'gpt-4.1-mini', promptTokens: 500, completionTokens: 50 });
    expect(tracker.lines().map((l) => [l.model, l.calls])).toEqual([
      ['gpt-4.1', 2],
      ['gpt-4.1-mini', 1],
    ]);
    const totals = tracker.totals();
    expect(totals.promptTokens).toBe(2500);
    expect(totals.usd).toBeCloseTo(0.0056 + 0.00028, 12);
  });

  it('extends the price table and rejects nonsense prices', () => {
    const table = definePriceTable({ 'openrouter/qwen/qwen3-32b': { inputPerMillion: 0.1, outputPerMillion: 0.3 } });
    expect(costOf({ model: 'qwen/qwen3-32b', promptTokens: 1_000_000, completionTokens: 0 }, table)).toBeCloseTo(0.1, 12);
    expect(() => definePriceTable({ bad: { inputPerMillion: -1, outputPerMillion: 0 } })).toThrow(/non-negative/);
  });
});
