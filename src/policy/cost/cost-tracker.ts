import type { ModelPrice } from './model-prices.js';
import { DEFAULT_PRICES, normaliseModelName } from './model-prices.js';

export interface ModelUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export interface CostLine {
  model: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  /** False when the model is not in the price table: its tokens are counted, its cost is unknown. */
  priced: boolean;
}

/** USD for one call; undefined for a model with no price. */
export function costOf(usage: ModelUsage, prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES): number | undefined {
  const price = prices[normaliseModelName(usage.model)];
  if (!price) return undefined;
  return (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) / 1_000_000;
}

/** Accumulates tokens and spend per model over a run (or a comparison). */
export class CostTracker {
  readonly #prices: Readonly<Record<string, ModelPrice>>;
  readonly #lines = new Map<string, CostLine>();

  constructor(prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES) {
    this.#prices = prices;
  }

  /** Records one model call and returns its cost in USD (0 when unpriced). */
  record(usage: ModelUsage): number {
    const model = normaliseModelName(usage.model);
    const usd = costOf(usage, this.#prices);
    const line = this.#lines.get(model) ?? { model, calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, priced: usd !== undefined };
    line.calls += 1;
    line.promptTokens += usage.promptTokens;
    line.completionTokens += usage.completionTokens;
    line.usd += usd ?? 0;
    this.#lines.set(model, line);
    return usd ?? 0;
  }

  lines(): CostLine[] {
    return [...this.#lines.values()].map((line) => ({ ...line }));
  }

  totals(): { promptTokens: number; completionTokens: number; usd: number } {
    return this.lines().reduce(
      (sum, l) => ({ promptTokens: sum.promptTokens + l.promptTokens, completionTokens: sum.completionTokens + l.completionTokens, usd: sum.usd + l.usd }),
      { promptTokens: 0, completionTokens: 0, usd: 0 },
    );
  }
}
