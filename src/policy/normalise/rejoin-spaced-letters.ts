// One separator between single letters: a space, dot, dash, underscore, asterisk, slash, pipe,
// middle dot, comma, plus or tilde, optionally with spaces around punctuation ("i . g . n").
const isSeparator = (unit: number): boolean =>
  unit === 0x20 || unit === 0x2e || unit === 0x2d || unit === 0x5f || unit === 0x2a || unit === 0x2f || unit === 0x7c || unit === 0xb7 || unit === 0x2c || unit === 0x2b || unit === 0x7e;
const LETTER = /^\p{L}$/u;
// Other letters by UTF-16 unit, asked of the regex once each: 0 not asked, 1 a letter, 2 not.
const OTHER_LETTERS = new Uint8Array(0x10000);
// Digits and @ $ count as letters here: spaced leetspeak ("1 g n 0 r e") is rejoined too. Past the
// end of the text (NaN) is no letter.
function isLetter(unit: number): boolean {
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x40 || unit === 0x24;
  // Cyrillic and Greek without the regex engine: they are most of the non-ASCII text here.
  if ((unit >= 0x400 && unit <= 0x52f) || (unit >= 0x370 && unit <= 0x3ff)) return true;
  if (!(unit < 0x10000)) return false;
  let known = OTHER_LETTERS[unit] as number;
  if (known === 0) {
    known = LETTER.test(String.fromCharCode(unit)) ? 1 : 2;
    OTHER_LETTERS[unit] = known;
  }
  return known === 1;
}

/** A run shorter than this is left alone: "я і в" or "a b c" are ordinary short words. */
const MIN_RUN = 4;

/**
 * Rejoins letters spaced or dotted apart: "i g n o r e  a l l" becomes "ignore all" and
 * "і.г.н.о.р.у.й" becomes "ігноруй". A run is at least four single letters, each separated from
 * the next by separator characters only; a wider gap (two spaces, or a space and punctuation) between
 * two runs is kept as one space, so the words stay apart. One pass over the text.
 */
export function rejoinSpacedLetters(text: string): string {
  const out: string[] = [];
  let copied = 0;
  let at = 0;
  let lastRunEnd = -1;
  while (at < text.length) {
    // Only a one-letter token can start a run: skip to the end of longer words at once.
    if (!isLetter(text.charCodeAt(at))) {
      at++;
      continue;
    }
    if (isLetter(text.charCodeAt(at + 1))) {
      while (at < text.length && isLetter(text.charCodeAt(at))) at++;
      continue;
    }
    // A word right after a spaced word may be short ("i g n o r e  a l l").
    const run = readRun(text, at, at === lastRunEnd ? 2 : MIN_RUN);
    if (run === undefined) {
      at++;
      continue;
    }
    out.push(text.slice(copied, at), run.letters);
    copied = run.end;
    at = run.end;
    lastRunEnd = run.end;
  }
  if (copied === 0) return text;
  out.push(text.slice(copied));
  return out.join('');
}

interface Run {
  readonly letters: string;
  readonly end: number;
}

// A run starts at a single letter (no letter before it) and continues while a short separator is
// followed by another single letter. Each character is visited a bounded number of times: a
// failed run start is skipped one character on, and letters inside words fail at once.
function readRun(text: string, start: number, minRun: number): Run | undefined {
  const first = text[start] ?? '';
  if (!isLetter(text.charCodeAt(start)) || isLetter(text.charCodeAt(start - 1)) || isLetter(text.charCodeAt(start + 1))) return undefined;
  let letters = first;
  let end = start + 1;
  let separator: string | undefined;
  for (;;) {
    let gapEnd = end;
    while (gapEnd < text.length && gapEnd - end < 3 && isSeparator(text.charCodeAt(gapEnd))) gapEnd++;
    const gap = text.slice(end, gapEnd);
    const next = text[gapEnd] ?? '';
    if (gap.length === 0 || !isLetter(text.charCodeAt(gapEnd)) || isLetter(text.charCodeAt(gapEnd + 1))) break;
    // The same separator throughout: "a, b, c" of a list is not a spaced word, but "a.b.c" is.
    separator ??= gap;
    if (gap !== separator) break;
    letters += next;
    end = gapEnd + 1;
  }
  if (letters.length < minRun) return undefined;
  // The gap after the run, if it is a separator run, becomes one space between words.
  let after = end;
  while (after < text.length && isSeparator(text.charCodeAt(after))) after++;
  return after > end ? { letters: `${letters} `, end: after } : { letters, end };
}
