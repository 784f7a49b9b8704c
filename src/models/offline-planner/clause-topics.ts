import type { ClauseSignals } from './clause-signals.js';

/** What a clause asks about; one clause may ask about several things. */
export type Topic = 'track' | 'cancel' | 'stock' | 'price';

/** The verb in force before a clause: "Скасуй TTN-000004 і TTN-000007" cancels both. */
export type CarriedVerb = 'track' | 'cancel' | undefined;

function hasPriceTopic(s: ClauseSignals): boolean {
  if (s.weightKg !== undefined) return true;
  // "from odesa to kharkiv express": a route with a service, or from and to, asks what sending costs.
  const noIds = s.ttns.length === 0 && s.skus.length === 0;
  const route = s.cities.some((c) => c.role === 'from') && s.cities.some((c) => c.role === 'to');
  if (noIds && s.cities.length > 0 && (s.service !== undefined || route)) return true;
  if (!s.priceWord) return false;
  // "Скільки коштує доставка TTN-000001" asks what that parcel cost: tracking answers it.
  if (s.ttns.length > 0) return s.cities.length > 0;
  // "How much does a laptop cost?" asks a product price, which Waybill does not know.
  return s.cities.length > 0 || (s.skus.length === 0 && s.productSkus.length === 0);
}

function hasStockTopic(s: ClauseSignals, price: boolean): boolean {
  // Next to a price question an item is usually what the parcel holds, unless stock is named outright.
  if (price) return (s.skus.length > 0 || s.productSkus.length > 0) && s.strongStockWord;
  if (s.skus.length > 0) return true;
  if (s.productSkus.length === 0) return false;
  // "Скільки коштує ноутбук?" asks a product price, which Waybill does not know.
  if (s.priceWord && !s.strongStockWord) return false;
  // "How do I pack a laptop?", «Чи можна відправити павербанк?»: a rule for sending the item, unless stock is named.
  if (s.sendingRule && !s.strongStockWord && !s.weakStockWord && s.quantity === undefined) return false;
  // "Де мій ноутбук TTN-000001?" is about the parcel, not the warehouse.
  return s.ttns.length === 0 || s.strongStockWord || s.weakStockWord || s.quantity !== undefined;
}

/** The topics of one clause, given the verb carried over from the clauses before it. */
export function clauseTopics(s: ClauseSignals, carried: CarriedVerb): Topic[] {
  const topics: Topic[] = [];
  if (s.ttns.length > 0) {
    const verb = s.cancelVerb ? 'cancel' : s.trackWord ? 'track' : (carried ?? 'track');
    topics.push(verb);
  }
  const price = hasPriceTopic(s);
  if (hasStockTopic(s, price)) topics.push('stock');
  if (price) topics.push('price');
  return topics;
}

/** The verb a clause leaves in force for the next one. */
export function carriedVerb(s: ClauseSignals, topics: readonly Topic[], before: CarriedVerb): CarriedVerb {
  if (topics.includes('cancel')) return 'cancel';
  if (topics.length > 0) return topics.includes('track') ? 'track' : undefined;
  if (s.cancelVerb) return 'cancel';
  return s.trackWord ? 'track' : before;
}
