import { CONJUNCTIONS, inList } from './lexicon.js';
import type { Token } from './tokenize.js';

/** A run of tokens between separators, with the span it covers in the request. */
export interface Clause {
  tokens: Token[];
  start: number;
  end: number;
}

// Decimal commas and points never reach here: the tokenizer reads "3,5" as one number.
const SEPARATORS: ReadonlySet<string> = new Set([';', ',', '.', '!', '?', '\n']);

function isSeparator(token: Token): boolean {
  if (token.kind === 'symbol') return SEPARATORS.has(token.symbol);
  return token.kind === 'word' && inList(token.word, CONJUNCTIONS);
}

/**
 * Cuts a request into clauses at punctuation and at "і / та / and": the unit a multi-intent request is
 * split into ("Статус TTN-000001 і залишок SKU-1001" is two clauses).
 */
export function splitClauses(tokens: readonly Token[]): Clause[] {
  const clauses: Clause[] = [];
  let current: Token[] = [];
  const close = (): void => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) clauses.push({ tokens: current, start: first.start, end: last.end });
    current = [];
  };
  for (const token of tokens) {
    if (isSeparator(token)) close();
    else current.push(token);
  }
  close();
  return clauses;
}
