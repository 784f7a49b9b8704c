import type { Service } from '../../domain/index.js';
import type { CityMention } from './city-forms.js';
import { findCities } from './city-forms.js';
import { hasWord, findQuantity } from './find-amounts.js';
import { findService } from './find-service.js';
import { findWeight } from './find-weight.js';
import { CANCEL_VERBS, inList, NEGATIONS, PRICE_WORDS, STRONG_STOCK_WORDS, TRACK_WORDS, WEAK_STOCK_WORDS } from './lexicon.js';
import { conceptsOf } from './policy-concepts.js';
import { findProductSkus } from './products.js';
import type { Clause } from './split-clauses.js';
import type { Token } from './tokenize.js';

/** What one clause mentions: the evidence its topics are decided from. */
export interface ClauseSignals {
  clause: Clause;
  ttns: string[];
  skus: string[];
  productSkus: string[];
  cities: CityMention[];
  weightKg: number | undefined;
  service: Service | undefined;
  quantity: number | undefined;
  cancelVerb: boolean;
  trackWord: boolean;
  strongStockWord: boolean;
  weakStockWord: boolean;
  priceWord: boolean;
  /** How an item may be sent (packing, batteries, prohibited goods): "How do I pack a laptop?" asks a rule, not stock. */
  sendingRule: boolean;
}

// Policy concepts about how goods may be sent, which a product name beside them does not make a stock question.
const SENDING_RULES: ReadonlySet<string> = new Set(['packing', 'battery', 'prohibited']);
const wordsOf = (tokens: readonly Token[]): string[] => tokens.flatMap((token) => (token.kind === 'word' ? [token.word] : []));

const idsOf = (tokens: readonly Token[], kind: 'ttn' | 'sku'): string[] => [
  ...new Set(tokens.flatMap((token) => (token.kind === kind ? [token.id] : []))),
];

// "не скасовуй", "don't cancel": a negated verb must never start an irreversible operation.
function hasCancelVerb(tokens: readonly Token[]): boolean {
  return tokens.some((token, index) => {
    if (token.kind !== 'word' || !inList(token.word, CANCEL_VERBS)) return false;
    const before = tokens[index - 1];
    return !(before?.kind === 'word' && inList(before.word, NEGATIONS));
  });
}

/** Reads one clause. */
export function clauseSignals(clause: Clause): ClauseSignals {
  const { tokens } = clause;
  return {
    clause,
    ttns: idsOf(tokens, 'ttn'),
    skus: idsOf(tokens, 'sku'),
    productSkus: findProductSkus(tokens),
    cities: findCities(tokens),
    weightKg: findWeight(tokens),
    service: findService(tokens),
    quantity: findQuantity(tokens),
    cancelVerb: hasCancelVerb(tokens),
    trackWord: hasWord(tokens, TRACK_WORDS),
    strongStockWord: hasWord(tokens, STRONG_STOCK_WORDS),
    weakStockWord: hasWord(tokens, WEAK_STOCK_WORDS),
    priceWord: hasWord(tokens, PRICE_WORDS),
    sendingRule: [...conceptsOf(wordsOf(tokens))].some((concept) => SENDING_RULES.has(concept)),
  };
}
