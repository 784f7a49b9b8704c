import type { Intent } from './intent.js';

/** An intent with how many cities its own part of the request named. */
export interface PlacedIntent {
  intent: Intent;
  cityCount: number;
}

/**
 * "Скільки принтерів і ДБЖ у Києві": the city closes the list but belongs to every item in it. A stock
 * intent whose part names no city takes the warehouse of the stock intent right after it.
 */
export function shareStockLocation(items: readonly PlacedIntent[]): Intent[] {
  const intents = items.map((item) => item.intent);
  for (let index = intents.length - 2; index >= 0; index -= 1) {
    const current = intents[index];
    const next = intents[index + 1];
    const ownCities = items[index]?.cityCount ?? 0;
    if (current?.kind === 'stock' && current.warehouse === undefined && ownCities === 0 && next?.kind === 'stock' && next.warehouse !== undefined) {
      intents[index] = { ...current, warehouse: next.warehouse };
    }
  }
  return intents;
}
