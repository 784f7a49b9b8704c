import { memoByText } from './memo-by-text.js';

/** A number as an answer writes it, with where it stands in the text. */
export interface NumberMention {
  text: string;
  value: number;
  index: number;
}

// Digits grouped in threes by spaces or commas ("6 200", "6,200"), or plain digits, with an optional
// decimal part. A digit run glued to a letter, a hyphen or a colon is part of an identifier, a date or a
// time ("TTN-000001", "2026-12-01", "18:00"), never an amount.
const NUMBER = /(?<![\p{L}\p{N}_\-:./])(\d{1,3}(?:[ \u00a0\u202f,]\d{3})+|\d+)(?:[.,](\d+))?(?![\p{L}\p{N}_\-:]|[.,/]\d)/gu;
const DIGIT = /\d/;
// "1. " or "2) " opening a line is a list marker, not a claim.
const LIST_MARKER = /(^|\n)\s*$/;

/** Parses one number as written ("6 200", "6,200", "0.45", "6,5"); undefined when it is not one. */
function parseWrittenNumber(whole: string, fraction?: string): number | undefined {
  const digits = whole.replace(/[ \u00a0\u202f,]/g, '');
  const value = Number(fraction === undefined ? digits : `${digits}.${fraction}`);
  return Number.isFinite(value) ? value : undefined;
}

/** Every amount, quantity or count written in `text`, in order; identifiers, dates and times excluded. */
function scanNumbers(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  if (!DIGIT.test(text)) return found;
  for (const match of text.matchAll(NUMBER)) {
    const whole = match[1] ?? '';
    const index = match.index;
    const after = text.slice(index + match[0].length, index + match[0].length + 2);
    if (/^[.)] /.test(after) && LIST_MARKER.test(text.slice(0, index)) && match[2] === undefined) continue;
    const value = parseWrittenNumber(whole, match[2]);
    if (value !== undefined) found.push({ text: match[0], value, index });
  }
  return found;
}

/** True when `claimed` is `actual` as an answer may round it (611 for 611.25, 0.45 for 0.45). */
export function sameAmount(claimed: number, actual: number): boolean {
  if (Math.abs(claimed - actual) < 0.005) return true;
  return Number.isInteger(claimed) && !Number.isInteger(actual) && Math.round(actual) === claimed;
}

/** The same, remembered per text (memo-by-text.ts): the same array for the same text, read-only. */
export const findNumbers = memoByText(scanNumbers);
