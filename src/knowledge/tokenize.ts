import { STOPWORDS } from './stopwords.js';

// Letters and digits, with apostrophes, hyphens and slashes allowed inside a word (зв'язок, ПВ-17,
// 2019/1148). Separators are outside the character class, so matching stays linear.
const WORD = /[\p{L}\p{N}]+(?:['’ʼ\-/][\p{L}\p{N}]+)*/gu;
const APOSTROPHES = /['’ʼ]/g;
const DIGIT = /\p{N}/u;

/**
 * The words of a text, lower-cased and NFC-normalised, without apostrophes, stopwords dropped. A code
 * joined by `-` or `/` that contains a digit yields its parts and the joined form too (`ПВ-17` gives
 * `пв`, `17` and `пв17`), so an exact code is one rare token.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFC').toLowerCase().matchAll(WORD)) {
    const parts = match[0].replace(APOSTROPHES, '').split(/[-/]/);
    for (const part of parts) if (part !== '' && !STOPWORDS.has(part)) out.push(part);
    if (parts.length > 1 && DIGIT.test(match[0])) out.push(parts.join(''));
  }
  return out;
}
