import type { ClauseSignals } from './clause-signals.js';
import type { CarriedVerb, Topic } from './clause-topics.js';
import { carriedVerb, clauseTopics } from './clause-topics.js';

/**
 * Consecutive clauses about one request part: the clause that names the topic (`head`) plus the clauses
 * around it that name none ("клієнт відмовився", "8 кг", "експрес") and so complete it.
 */
export interface Segment {
  topics: Topic[];
  head: ClauseSignals;
  clauses: ClauseSignals[];
}

const isPriceOnly = (topics: readonly Topic[]): boolean => topics.length === 1 && topics[0] === 'price';

// "Вартість з Одеси до Харкова, 8 кг" is one quote told in two clauses; "3 kg Kyiv to Lviv and 5 kg Kyiv
// to Odesa" is two. A price clause joins the quote before it while that quote still lacks something, or
// when it adds no weight or city of its own.
function completesQuote(previous: Segment, next: ClauseSignals): boolean {
  const hasWeight = previous.clauses.some((c) => c.weightKg !== undefined);
  const cityCount = previous.clauses.reduce((sum, c) => sum + c.cities.length, 0);
  return !hasWeight || cityCount < 2 || (next.weightKg === undefined && next.cities.length === 0);
}

// "Статус TTN-000001. З Одеси до Харкова, 8 кг": the route clause names no topic and first lands after the
// tracking clause; it belongs to the quote that follows.
function takeRouteClauses(previous: Segment): ClauseSignals[] {
  if (previous.topics.includes('price') || previous.topics.includes('stock')) return [];
  const taken: ClauseSignals[] = [];
  let last = previous.clauses.at(-1);
  while (last && last !== previous.head && last.cities.length > 0) {
    taken.unshift(last);
    previous.clauses.pop();
    last = previous.clauses.at(-1);
  }
  return taken;
}

/** Groups analysed clauses into segments, in request order. */
export function groupSegments(signals: readonly ClauseSignals[]): Segment[] {
  const segments: Segment[] = [];
  let leading: ClauseSignals[] = [];
  let carried: CarriedVerb;
  for (const clause of signals) {
    const topics = clauseTopics(clause, carried);
    carried = carriedVerb(clause, topics, carried);
    const previous = segments.at(-1);
    if (topics.length === 0) {
      if (previous) previous.clauses.push(clause);
      else leading.push(clause);
      continue;
    }
    if (previous && isPriceOnly(topics) && isPriceOnly(previous.topics) && completesQuote(previous, clause)) {
      previous.clauses.push(clause);
      continue;
    }
    const borrowed = previous && isPriceOnly(topics) ? takeRouteClauses(previous) : [];
    segments.push({ topics, head: clause, clauses: [...leading, ...borrowed, clause] });
    leading = [];
  }
  return segments;
}

/** The request text a segment covers, e.g. "Скасуй TTN-000004, клієнт відмовився, поверни 720 грн". */
export function segmentText(segment: Segment, text: string): string {
  const first = segment.clauses[0];
  const last = segment.clauses.at(-1);
  return first && last ? text.slice(first.clause.start, last.clause.end).trim() : '';
}
