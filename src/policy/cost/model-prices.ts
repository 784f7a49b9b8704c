/** USD per one million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Prices the seeds used (OpenRouter list prices); extend with `definePriceTable`. */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  'gpt-4.1': { inputPerMillion: 2.0, outputPerMillion: 8.0 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10.0 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  // The offline planner and local servers cost nothing per token.
  'waybill-offline-planner': { inputPerMillion: 0, outputPerMillion: 0 },
});

/**
 * `openrouter/openai/gpt-4.1`, `openai/gpt-4.1` and ` GPT-4.1 ` all mean `gpt-4.1`: provider prefixes
 * are routing, not a different model.
 */
export function normaliseModelName(model: string): string {
  const trimmed = model.trim().toLowerCase();
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

/** Adds or overrides prices; every price must be a finite, non-negative number. */
export function definePriceTable(extra: Record<string, ModelPrice> = {}): Readonly<Record<string, ModelPrice>> {
  const table: Record<string, ModelPrice> = { ...DEFAULT_PRICES };
  for (const [model, price] of Object.entries(extra)) {
    for (const value of [price.inputPerMillion, price.outputPerMillion]) {
      if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`price for ${model} must be a non-negative number, got ${value}`);
    }
    table[normaliseModelName(model)] = price;
  }
  return Object.freeze(table);
}
