import type { City } from '../../domain/index.js';
import type { Language } from './chat-types.js';
import { cancelReason } from './cancel-reason.js';
import { findDeclaredValue, findRefund, hasWord } from './find-amounts.js';
import type { Segment } from './group-segments.js';
import type { Intent, PriceField } from './intent.js';
import { DELAY_WORDS, HISTORY_WORDS } from './lexicon.js';
import { priceRoute } from './price-route.js';
import type { Token } from './tokenize.js';
import { unservedPlaces } from './unserved-places.js';

const firstDefined = <T>(values: readonly (T | undefined)[]): T | undefined => values.find((v) => v !== undefined);

function trackIntents(segment: Segment, tokens: readonly Token[]): Intent[] {
  const focus = hasWord(tokens, DELAY_WORDS) ? 'delay' : hasWord(tokens, HISTORY_WORDS) ? 'history' : undefined;
  return segment.head.ttns.map((trackingId) => (focus ? { kind: 'track', trackingId, focus } : { kind: 'track', trackingId }));
}

function cancelIntents(segment: Segment, tokens: readonly Token[], text: string, language: Language): Intent[] {
  const ids = segment.head.ttns;
  const reason = cancelReason(segment, text, language);
  // One refund for several parcels is ambiguous; each is then refunded what was paid for it.
  const refundUah = ids.length === 1 ? findRefund(tokens) : undefined;
  return ids.map((trackingId) => (refundUah === undefined ? { kind: 'cancel', trackingId, reason } : { kind: 'cancel', trackingId, refundUah, reason }));
}

function stockIntents(segment: Segment): Intent[] {
  const { head, clauses } = segment;
  const skus = head.skus.length > 0 ? head.skus : head.productSkus;
  // Several cities ("у Києві і Львові") ask about all warehouses, which one unfiltered call answers.
  const cities = [...new Set(clauses.flatMap((c) => c.cities.map((m) => m.city)))];
  const warehouse: City | undefined = cities.length === 1 ? cities[0] : undefined;
  const minQty = head.quantity ?? firstDefined(clauses.map((c) => c.quantity));
  return skus.map((sku) => ({
    kind: 'stock',
    sku,
    ...(warehouse !== undefined && { warehouse }),
    ...(minQty !== undefined && { minQty }),
  }));
}

function priceIntent(segment: Segment, tokens: readonly Token[], text: string): Intent {
  const { clauses } = segment;
  const { origin, destination } = priceRoute(clauses.flatMap((c) => c.cities));
  const weightKg = firstDefined(clauses.map((c) => c.weightKg));
  const named = firstDefined(clauses.map((c) => c.service));
  const declaredValueUah = findDeclaredValue(tokens);
  if (origin && destination && weightKg !== undefined) {
    return {
      kind: 'price',
      origin,
      destination,
      weightKg,
      service: named ?? 'standard',
      serviceAssumed: named === undefined,
      ...(declaredValueUah !== undefined && { declaredValueUah }),
    };
  }
  const missing: PriceField[] = [];
  if (weightKg === undefined) missing.push('weight_kg');
  if (!origin) missing.push('origin');
  if (!destination) missing.push('destination');
  // A route to or from a city the network does not have is said to be one, not asked for again.
  const unserved = origin && destination ? [] : unservedPlaces(tokens, text);
  return {
    kind: 'incomplete_price',
    missing,
    ...(unserved.length > 0 && { unserved }),
    ...(origin && { origin }),
    ...(destination && { destination }),
    ...(weightKg !== undefined && { weightKg }),
    ...(named && { service: named }),
  };
}

/** The intents one segment asks for, in the order its topics were found. */
export function segmentIntents(segment: Segment, text: string, language: Language): Intent[] {
  const tokens = segment.clauses.flatMap((c) => c.clause.tokens);
  return segment.topics.flatMap((topic): Intent[] => {
    switch (topic) {
      case 'track':
        return trackIntents(segment, tokens);
      case 'cancel':
        return cancelIntents(segment, tokens, text, language);
      case 'stock':
        return stockIntents(segment);
      case 'price':
        return [priceIntent(segment, tokens, text)];
    }
  });
}
