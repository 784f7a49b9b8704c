import { canonicalJson } from '../../domain/index.js';
import { clauseSignals } from './clause-signals.js';
import type { Language } from './chat-types.js';
import { detectLanguage } from './detect-language.js';
import { groupSegments, segmentText } from './group-segments.js';
import type { Intent, LocatedIntent } from './intent.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { segmentIntents } from './segment-intents.js';
import { shareStockLocation } from './share-stock-location.js';
import { splitClauses } from './split-clauses.js';
import { tokenize } from './tokenize.js';

/**
 * The intents of a request with the part of the text each came from; an intent asked twice is kept
 * once. Only the first MAX_TEXT_CHARS characters are read. `language` is the request's, when the caller
 * has already detected it (the planner does, once per call).
 */
export function locateIntents(text: string, language: Language = detectLanguage(text)): LocatedIntent[] {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const segments = groupSegments(splitClauses(tokenize(bounded)).map(clauseSignals));
  const found = segments.flatMap((segment) => {
    const source = segmentText(segment, bounded);
    const cityCount = segment.clauses.reduce((sum, c) => sum + c.cities.length, 0);
    return segmentIntents(segment, bounded, language).map((intent) => ({ intent, source, cityCount }));
  });
  const intents = shareStockLocation(found);
  const seen = new Set<string>();
  return found.flatMap(({ source }, index) => {
    const intent = intents[index];
    const key = canonicalJson(intent);
    if (!intent || seen.has(key)) return [];
    seen.add(key);
    return [{ intent, source }];
  });
}

/**
 * The domain intents of a request (Ukrainian or English), in request order; empty when it asks for
 * nothing the offline planner handles.
 *
 * @example
 * extractIntents('Статус TTN-000001 і залишок SKU-1001');
 * // [{ kind: 'track', trackingId: 'TTN-000001' }, { kind: 'stock', sku: 'SKU-1001' }]
 */
export function extractIntents(text: string, language?: Language): Intent[] {
  return locateIntents(text, language).map((located) => located.intent);
}
