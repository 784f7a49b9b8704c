import { readNumber } from './read-number.js';

/** One piece of request text, with its position so the original wording can be cut out again. */
export type Token =
  | { kind: 'ttn' | 'sku'; id: string; start: number; end: number }
  | { kind: 'word'; word: string; start: number; end: number }
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'symbol'; symbol: string; start: number; end: number };

/**
 * The one pattern that reads user text: a flat alternation of bounded or single-class pieces, so it
 * runs in linear time. Ids come first so `TTN-000001` is not read as a word and a number; Cyrillic
 * look-alikes (`ТТН`, `СКУ`) count, because people type ids on a Ukrainian keyboard layout.
 */
export const TOKEN_PATTERN =
  /([tт][tт][nнh][-–\s]?\d{6}(?!\d))|([sс][kк][uу][-–\s]?\d{4}(?!\d))|([\p{L}\p{M}'’ʼ]+)|(\d+(?:[.,]\d+){0,4}(?:e[-+]?\d{1,3}(?!\p{L}))?)|(\S|\n)/giu;

/** Everything but digits: an id keeps only its digits and gets a canonical prefix. */
export const NON_DIGITS = /\D/g;

const digitsOf = (text: string): string => text.replace(NON_DIGITS, '');

const GROUP_GAPS: ReadonlySet<string> = new Set([' ', '\u00a0', '\u202f', '\u2009']);

// Ukrainian writes thousands with a space ("2 000 грн", "6 200,50 грн"): a three-digit group (with
// decimals) after one space continues the number before it.
function pushNumber(tokens: Token[], text: string, raw: string, start: number, end: number): void {
  const last = tokens.at(-1);
  const group = /^\d{3}(?:,\d{1,2})?$/.test(raw);
  const continues = last?.kind === 'number' && Number.isInteger(last.value) && last.end + 1 === start && GROUP_GAPS.has(text.charAt(last.end));
  const groupLead = continues && /^\d{1,3}(?:\s\d{3})*$/u.test(text.slice(last.start, last.end));
  if (group && groupLead) {
    tokens[tokens.length - 1] = { ...last, value: last.value * 1000 + Number(raw.replace(',', '.')), end };
    return;
  }
  const value = readNumber(raw);
  // A number whose marks make no sense ("1,2,3") is kept as text: nothing reads an amount from it.
  if (value === undefined) tokens.push({ kind: 'symbol', symbol: raw, start, end });
  else tokens.push({ kind: 'number', value, start, end });
}

// "1.5k", "2 тис. грн", "3 thousand": a multiplier word right after a number scales it.
const THOUSAND_ADJACENT: ReadonlySet<string> = new Set(['k', 'к', 'тис', 'тыс']);
const THOUSAND_WORDS: ReadonlySet<string> = new Set(['тис', 'тыс', 'тисяч', 'тисячі', 'тисяча', 'thousand', 'тысяч', 'тысячи']);

function scaleThousands(tokens: Token[], text: string, word: string, start: number, end: number): boolean {
  const last = tokens.at(-1);
  if (last?.kind !== 'number') return false;
  const adjacent = last.end === start && THOUSAND_ADJACENT.has(word);
  const spaced = last.end + 1 === start && GROUP_GAPS.has(text.charAt(last.end)) && THOUSAND_WORDS.has(word);
  if (!adjacent && !spaced) return false;
  // "тис." ends with an abbreviation point, not a sentence.
  const stop = text.charAt(end) === '.' && word.startsWith('т') ? end + 1 : end;
  tokens[tokens.length - 1] = { ...last, value: last.value * 1000, end: stop };
  return true;
}

/** Splits text into ids (canonical, e.g. `TTN-000001`), lower-case words, numbers and symbols. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(new RegExp(TOKEN_PATTERN))) {
    const [raw, ttn, sku, word, number] = match;
    const start = match.index;
    const end = start + raw.length;
    if (ttn !== undefined) tokens.push({ kind: 'ttn', id: `TTN-${digitsOf(ttn)}`, start, end });
    else if (sku !== undefined) tokens.push({ kind: 'sku', id: `SKU-${digitsOf(sku)}`, start, end });
    else if (word !== undefined) {
      const lower = word.toLowerCase();
      if (!scaleThousands(tokens, text, lower, start, end)) tokens.push({ kind: 'word', word: lower, start, end });
    } else if (number !== undefined) pushNumber(tokens, text, number, start, end);
    else if (tokens.at(-1)?.end === end) continue;
    else tokens.push({ kind: 'symbol', symbol: raw, start, end });
  }
  return tokens;
}
