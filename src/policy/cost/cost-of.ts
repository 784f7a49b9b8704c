import type { ModelPrice } from './model-prices.js';
import { DEFAULT_PRICES, normaliseModelName } from './model-prices.js';

/** One model call's tokens, to be priced from the one price table (`DEFAULT_PRICES` unless given). */
export interface ModelUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** USD for one call; undefined for a model with no price. */
export function costOf(usage: ModelUsage, prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES): number | undefined {
  const price = prices[normaliseModelName(usage.model)];
  if (!price) return undefined;
  return (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) / 1_000_000;
}
