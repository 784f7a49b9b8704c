// Leetspeak in Ukrainian or Russian: «ск4суй п0с1лку б3з 0п3р4т0р4». The canonical view folds a digit
// inside a Cyrillic word to the letter it looks most like («з4будь» reads «забудь»: 3 for з), but
// writers just as often put 3 for е, as in Latin leetspeak, and a word with more digits than letters
// («0п3р4т0р4») is left there as an identifier. This reading takes the other choice for every word of a
// text that shows the disguise, so the rules, the concepts and the classifier read it too.

// Digits and signs by the Cyrillic letter they stand for here: 3 as е (the canonical view has з).
const AS_CYRILLIC: Readonly<Record<string, string>> = { '0': 'о', '1': 'і', '3': 'е', '4': 'а', '6': 'б', '7': 'т', '8': 'в', '@': 'а' };

const isCyrillic = (unit: number): boolean => unit >= 0x400 && unit <= 0x4ff;
const isLeet = (unit: number): boolean => unit === 0x30 || unit === 0x31 || unit === 0x33 || unit === 0x34 || unit === 0x36 || unit === 0x37 || unit === 0x38 || unit === 0x40;
const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;

/** Words with a digit between two Cyrillic letters that make a text's disguise: one is a model name or a typo. */
const SIGN_WORDS = 2;

/**
 * The reading of `text` with leet digits read as Cyrillic letters, or undefined when fewer than two
 * words hold a leet digit between two Cyrillic letters. In a text that shows it, every digit next to a
 * Cyrillic letter is read, except in runs of three digits or more (a waybill, a phone, an amount).
 * One pass to look for the sign, one to read: linear in the text.
 */
export function readCyrillicLeet(text: string): string | undefined {
  let signs = 0;
  // The start of the word being read, and whether it has shown the sign already: a word counts once.
  let wordStart = 0;
  let counted = -1;
  for (let at = 1; at + 1 < text.length; at++) {
    if (isSpace(text.charCodeAt(at))) {
      wordStart = at + 1;
      continue;
    }
    if (counted === wordStart || !isLeet(text.charCodeAt(at)) || !isCyrillic(text.charCodeAt(at - 1))) continue;
    const next = text.charCodeAt(at + 1);
    if (!isCyrillic(next) && !(isLeet(next) && at + 2 < text.length && isCyrillic(text.charCodeAt(at + 2)))) continue;
    counted = wordStart;
    if (++signs >= SIGN_WORDS) return read(text);
  }
  return undefined;
}

const isSpace = (unit: number): boolean => unit === 0x20 || unit === 0x0a || unit === 0x09 || unit === 0x0d || unit === 0xa0;

function read(text: string): string {
  // Where each run of digits starts and ends, found in one pass each way, so a digit's run is looked up, not walked.
  const length = text.length;
  const runStart = new Int32Array(length);
  const runEnd = new Int32Array(length);
  for (let at = 0; at < length; at++) runStart[at] = isDigit(text.charCodeAt(at)) && at > 0 && isDigit(text.charCodeAt(at - 1)) ? (runStart[at - 1] as number) : at;
  for (let at = length - 1; at >= 0; at--) runEnd[at] = isDigit(text.charCodeAt(at)) && at + 1 < length && isDigit(text.charCodeAt(at + 1)) ? (runEnd[at + 1] as number) : at + 1;
  let out = '';
  for (let at = 0; at < length; at++) {
    const unit = text.charCodeAt(at);
    const char = text[at] as string;
    if (!isLeet(unit)) {
      out += char;
      continue;
    }
    // The run of digits this one belongs to (a sign, such as @, joins the digits either side), and whether a Cyrillic letter touches it.
    const digit = isDigit(unit);
    const from = digit ? (runStart[at] as number) : at > 0 && isDigit(text.charCodeAt(at - 1)) ? (runStart[at - 1] as number) : at;
    const to = digit ? (runEnd[at] as number) : at + 1 < length && isDigit(text.charCodeAt(at + 1)) ? (runEnd[at + 1] as number) : at + 1;
    const touches = (from > 0 && isCyrillic(text.charCodeAt(from - 1))) || (to < length && isCyrillic(text.charCodeAt(to)));
    out += touches && to - from < 3 ? (AS_CYRILLIC[char] ?? char) : char;
  }
  return out;
}
