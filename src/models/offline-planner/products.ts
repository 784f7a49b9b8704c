import type { Token } from './tokenize.js';

// Product names from src/domain/fixtures/stock.ts. Ukrainian words inflect, so they match by stem;
// English words are few enough to list whole, which keeps "monitoring" from meaning monitors.
const UKRAINIAN_STEMS: ReadonlyArray<readonly [stem: string, sku: string]> = [
  ['ноутбук', 'SKU-1001'], ['лептоп', 'SKU-1001'],
  ['монітор', 'SKU-1002'], ['монитор', 'SKU-1002'],
  ['клавіатур', 'SKU-1003'], ['клавиатур', 'SKU-1003'],
  ['миш', 'SKU-1004'], ['мыш', 'SKU-1004'],
  ['роутер', 'SKU-1005'], ['маршрутизатор', 'SKU-1005'],
  ['принтер', 'SKU-1006'],
  ['дбж', 'SKU-1007'],
];

const ENGLISH_WORDS: Readonly<Record<string, string>> = {
  laptop: 'SKU-1001', laptops: 'SKU-1001', notebook: 'SKU-1001', notebooks: 'SKU-1001',
  monitor: 'SKU-1002', monitors: 'SKU-1002',
  keyboard: 'SKU-1003', keyboards: 'SKU-1003',
  mouse: 'SKU-1004', mice: 'SKU-1004',
  router: 'SKU-1005', routers: 'SKU-1005',
  printer: 'SKU-1006', printers: 'SKU-1006',
  ups: 'SKU-1007',
};

/** The SKU a lower-case product word names ("моніторів" → SKU-1002, "mice" → SKU-1004), or undefined. */
export function productSku(word: string): string | undefined {
  return ENGLISH_WORDS[word] ?? UKRAINIAN_STEMS.find(([stem]) => word.startsWith(stem))?.[1];
}

/** Distinct SKUs named by product words, in order of first mention. */
export function findProductSkus(tokens: readonly Token[]): string[] {
  const skus = tokens.flatMap((token) => (token.kind === 'word' ? [productSku(token.word)] : []));
  return [...new Set(skus.filter((sku): sku is string => sku !== undefined))];
}
