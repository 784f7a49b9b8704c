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
  /([tт][tт][nнh][-–\s]?\d{6}(?!\d))|([sс][kк][uу][-–\s]?\d{4}(?!\d))|([\p{L}\p{M}'’ʼ]+)|(\d+[.,]\d+|\d+)|(\S|\n)/giu;

/** Everything but digits: an id keeps only its digits and gets a canonical prefix. */
export const NON_DIGITS = /\D/g;

const digitsOf = (text: string): string => text.replace(NON_DIGITS, '');

const GROUP_GAPS: ReadonlySet<string> = new Set([' ', '\u00a0', '\u202f']);

// Ukrainian writes thousands with a space ("2 000 грн", "1 000 000"): a three-digit group after one
// space continues the number before it.
function pushNumber(tokens: Token[], text: string, raw: string, start: number, end: number): void {
  const last = tokens.at(-1);
  const group = raw.length === 3 && !raw.includes('.') && !raw.includes(',');
  const continues = last?.kind === 'number' && Number.isInteger(last.value) && last.end + 1 === start && GROUP_GAPS.has(text.charAt(last.end));
  if (group && continues && last.value < 1_000_000_000) {
    tokens[tokens.length - 1] = { ...last, value: last.value * 1000 + Number(raw), end };
    return;
  }
  tokens.push({ kind: 'number', value: Number(raw.replace(',', '.')), start, end });
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
    else if (word !== undefined) tokens.push({ kind: 'word', word: word.toLowerCase(), start, end });
    else if (number !== undefined) pushNumber(tokens, text, number, start, end);
    else tokens.push({ kind: 'symbol', symbol: raw, start, end });
  }
  return tokens;
}
