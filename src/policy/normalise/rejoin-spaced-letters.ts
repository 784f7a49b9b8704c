// One separator between single letters: a space, dot, dash, underscore, asterisk, slash, pipe,
// middle dot or comma, optionally with spaces around punctuation ("i . g . n").
const isSeparator = (char: string): boolean => ' .-_*/|·,+~'.includes(char);
const LETTER = /^\p{L}$/u;
// Digits and @ $ count as letters here: spaced leetspeak ("1 g n 0 r e") is rejoined too.
function isLetter(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || char === '@' || char === '$';
  // Cyrillic and Greek without the regex engine: they are most of the non-ASCII text here.
  if ((code >= 0x400 && code <= 0x52f) || (code >= 0x370 && code <= 0x3ff)) return true;
  return LETTER.test(char);
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
    if (!isLetter(text[at] ?? '')) {
      at++;
      continue;
    }
    if (isLetter(text[at + 1] ?? '')) {
      while (at < text.length && isLetter(text[at] ?? '')) at++;
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
  if (!isLetter(first) || isLetter(text[start - 1] ?? '') || isLetter(text[start + 1] ?? '')) return undefined;
  let letters = first;
  let end = start + 1;
  let separator: string | undefined;
  for (;;) {
    let gapEnd = end;
    while (gapEnd < text.length && gapEnd - end < 3 && isSeparator(text[gapEnd] ?? '')) gapEnd++;
    const gap = text.slice(end, gapEnd);
    const next = text[gapEnd] ?? '';
    if (gap.length === 0 || !isLetter(next) || isLetter(text[gapEnd + 1] ?? '')) break;
    // The same separator throughout: "a, b, c" of a list is not a spaced word, but "a.b.c" is.
    separator ??= gap;
    if (gap !== separator) break;
    letters += next;
    end = gapEnd + 1;
  }
  if (letters.length < minRun) return undefined;
  // The gap after the run, if it is a separator run, becomes one space between words.
  let after = end;
  while (after < text.length && isSeparator(text[after] ?? '')) after++;
  return after > end ? { letters: `${letters} `, end: after } : { letters, end };
}
