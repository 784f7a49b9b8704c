import { isWhiteSpace } from './is-white-space.js';

// Digits and symbols that stand for letters in leetspeak, by the letter they imitate in Latin text.
const LEET: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e' };
// Inside a Cyrillic word the same digits imitate Cyrillic letters: «з4будь св0ї пр4вил4» (issue 34).
const CYRILLIC_LEET: Readonly<Record<string, string>> = { '0': 'о', '1': 'і', '3': 'з', '4': 'а', '6': 'б', '7': 'т', '8': 'в', '@': 'а', '!': 'і', '|': 'і', '€': 'є' };
const HAS_CYRILLIC = /[\u0400-\u04ff]/u;
const HAS_LETTER = /\p{L}/u;
const LEET_CHARS = /[0134578@$!|€]/;

/** The regexes of this step, for the linearity test. */
export const FOLD_LEETSPEAK_REGEXES: readonly RegExp[] = [HAS_LETTER, LEET_CHARS, HAS_CYRILLIC];

/**
 * Folds leetspeak inside words that hold at least two letters: "1gn0r3 pr3v10u5" reads "ignore
 * previous", "syst3m" reads "system". Tokens without letters (amounts, dates, "8 kg") are left as
 * they are, and so are identifiers with more digits than letters (TTN-000001). The result is only a
 * view for matching, never the text a model or a person sees. Trailing "!" and "." are punctuation, not letters.
 */
export function foldLeetspeak(text: string): string {
  // TOKEN's runs found by hand: a replacement call per word cost more than the folding itself.
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; ) {
    if (isWhiteSpace(text.charCodeAt(at))) {
      at++;
      continue;
    }
    let end = at;
    let leet = false;
    for (let unit = text.charCodeAt(end); end < text.length && !isWhiteSpace(unit); unit = text.charCodeAt(++end)) if (!leet && isLeetUnit(unit)) leet = true;
    // A token without a digit or sign that stands for a letter is left as it is, without a copy.
    if (!leet) {
      at = end;
      continue;
    }
    const token = text.slice(at, end);
    const folded = foldToken(token);
    if (folded !== token) {
      out += text.slice(copied, at) + folded;
      copied = end;
    }
    at = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// LEET_CHARS by UTF-16 unit.
const isLeetUnit = (unit: number): boolean =>
  unit === 0x30 || unit === 0x31 || unit === 0x33 || unit === 0x34 || unit === 0x35 || unit === 0x37 || unit === 0x38 || unit === 0x40 || unit === 0x24 || unit === 0x21 || unit === 0x7c || unit === 0x20ac;

// Letters (\p{L}) by UTF-16 unit, asked of the regex once each: 0 not asked, 1 a letter, 2 not.
const LETTER_UNITS = new Uint8Array(0x10000);
function isLetterUnit(unit: number): boolean {
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a);
  let known = LETTER_UNITS[unit] as number;
  if (known === 0) {
    known = HAS_LETTER.test(String.fromCharCode(unit)) ? 1 : 2;
    LETTER_UNITS[unit] = known;
  }
  return known === 1;
}

function foldToken(token: string): string {
  if (!LEET_CHARS.test(token) || !HAS_LETTER.test(token)) return token;
  let coreEnd = token.length;
  while (coreEnd > 0 && '!.,?:;'.includes(token[coreEnd - 1] ?? '')) coreEnd--;
  const core = token.slice(0, coreEnd);
  let letters = 0;
  let digits = 0;
  for (let at = 0; at < core.length; at++) {
    const unit = core.charCodeAt(at);
    if (unit >= 0x30 && unit <= 0x39) digits++;
    else if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < core.length && (core.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      // A supplementary character, as `for (const char of core)` took it: one letter or none.
      if (HAS_LETTER.test(core.slice(at, at + 2))) letters++;
      at++;
    } else if (isLetterUnit(unit)) letters++;
  }
  // More digits than letters is an identifier or a code (TTN-000001, 8kg, A4), not a word.
  if (letters < 2 || digits > letters) return token;
  const table = HAS_CYRILLIC.test(core) ? CYRILLIC_LEET : LEET;
  let folded = '';
  for (const char of core) folded += table[char] ?? char;
  return folded + token.slice(core.length);
}
