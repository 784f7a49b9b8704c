import type { Language } from './chat-types.js';
import type { ClauseSignals } from './clause-signals.js';
import { findMoney, hasWord } from './find-amounts.js';
import type { Segment } from './group-segments.js';
import { FILLER_WORDS, inList, REASON_WORDS, REFUND_WORDS } from './lexicon.js';

const MAX_REASON_CHARS = 200;

/** The reason used when the request gives none (cancel_shipment requires one). */
const DEFAULT_CANCEL_REASON: Readonly<Record<Language, string>> = {
  uk: 'На прохання клієнта',
  en: 'Customer request',
  ru: 'По просьбе клиента',
};

const clip = (text: string): string => text.trim().slice(0, MAX_REASON_CHARS).trim();

// "Cancel TTN-000004 because the customer refused": the words after the keyword, up to the clause end.
function afterKeyword(clauses: readonly ClauseSignals[], text: string): string | undefined {
  for (const { clause } of clauses) {
    const index = clause.tokens.findIndex((t) => t.kind === 'word' && inList(t.word, REASON_WORDS));
    if (index < 0) continue;
    // "причина: клієнт відмовився" — the colon is not part of the reason.
    const first = clause.tokens.slice(index + 1).find((t) => t.kind !== 'symbol');
    if (first) return clip(text.slice(first.start, clause.end));
  }
  return undefined;
}

const REASON_MARKS: ReadonlySet<string> = new Set(['—', '–', '-', ':']);

// "Скасуйте TTN-000012 — клієнт передумав", "Cancel TTN-000012: changed their mind".
function afterMark(head: ClauseSignals, text: string): string | undefined {
  const { tokens, end } = head.clause;
  const idIndex = tokens.findIndex((t) => t.kind === 'ttn');
  const mark = tokens.findIndex((t, i) => i > idIndex && t.kind === 'symbol' && REASON_MARKS.has(t.symbol));
  const first = mark >= 0 ? tokens[mark + 1] : undefined;
  if (idIndex < 0 || !first || hasWord(tokens.slice(mark), REFUND_WORDS) || findMoney(tokens.slice(mark)).length > 0) return undefined;
  return clip(text.slice(first.start, end));
}

function isReasonClause({ clause }: ClauseSignals): boolean {
  const words = clause.tokens.flatMap((t) => (t.kind === 'word' ? [t.word] : []));
  if (words.every((word) => inList(word, FILLER_WORDS))) return false;
  return !hasWord(clause.tokens, REFUND_WORDS) && findMoney(clause.tokens).length === 0;
}

/**
 * Why the shipment is cancelled, in the user's words: the text after "бо / because / причина", else after
 * a dash or colon following the tracking id, else the
 * clauses after the cancel clause that are not the refund ("Скасуй TTN-000004, клієнт відмовився, поверни
 * 720 грн" → "клієнт відмовився"), else a default in the request's language.
 */
export function cancelReason(segment: Segment, text: string, language: Language): string {
  const fromHead = segment.clauses.slice(segment.clauses.indexOf(segment.head));
  const keyword = afterKeyword(fromHead, text);
  if (keyword && keyword.length >= 3) return keyword;
  const marked = afterMark(segment.head, text);
  if (marked && marked.length >= 3) return marked;
  const trailing = fromHead.slice(1).filter(isReasonClause);
  const joined = clip(trailing.map(({ clause }) => text.slice(clause.start, clause.end)).join(', '));
  return joined.length >= 3 ? joined : DEFAULT_CANCEL_REASON[language];
}
