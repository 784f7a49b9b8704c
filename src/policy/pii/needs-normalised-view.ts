import { AT_WORDS, mayBeAddressWord } from './address-words.js';
import type { DigitRuns } from './digit-runs.js';
import { mayBeNumberWord, NUMBER_WORD_SPELLINGS, numberWord } from './number-words.js';
import { APOSTROPHE, DIGIT, FOLDED, FOREIGN_DIGIT, IGNORABLE, LETTER, LOOKALIKE, paddedLineBreakEnd, RUN_SEPARATOR, unitKind } from './view-units.js';

const lowerUnit = (unit: number): number => (unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit >= 0x410 && unit <= 0x42f ? unit + 0x20 : unit === 0x406 ? 0x456 : unit);
// The first two letters (lower case) of every number word and of «собака» / «крапка»: a word that
// starts otherwise is never looked up, which keeps the check below cheap on ordinary text. Read from
// two tables: each unit's place among those letters (by its lower case, from 1; 0 for none), and
// which pairs of places start a word.
const STARTING_WORDS = [...NUMBER_WORD_SPELLINGS, ...AT_WORDS];
const START_LETTERS = [...new Set(STARTING_WORDS.flatMap((word) => [word.charCodeAt(0), word.charCodeAt(1)]))];
// lowerUnit changes only ASCII and Cyrillic capitals and І: every other unit is its own lower case.
const START_PLACES = new Uint8Array(0x10000);
START_LETTERS.forEach((letter, index) => (START_PLACES[letter] = index + 1));
for (const [from, to] of [[0x41, 0x5b], [0x406, 0x407], [0x410, 0x430]] as const) for (let unit = from; unit < to; unit++) START_PLACES[unit] = START_LETTERS.indexOf(lowerUnit(unit)) + 1;
const PLACE_COUNT = START_LETTERS.length + 1;
const startPlace = (unit: number): number => START_PLACES[unit] ?? 0;
const START_PAIRS = new Uint8Array(PLACE_COUNT * PLACE_COUNT);
for (const word of STARTING_WORDS) START_PAIRS[startPlace(word.charCodeAt(0)) * PLACE_COUNT + startPlace(word.charCodeAt(1))] = 1;
/** Whether the two units, in lower case, start one of STARTING_WORDS. */
const startsWord = (first: number, second: number): boolean => {
  const place = startPlace(first);
  return place !== 0 && START_PAIRS[place * PLACE_COUNT + startPlace(second)] === 1;
};

const isAsciiAlnum = (unit: number): boolean => (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0xff10 && unit <= 0xff5a);

/**
 * A folded space, dash or sign changes a find only inside or next to digits and ASCII letters
 * (`+380 67…` with a no-break space, `067–123`, `ivan＠mail`); the dashes and spaces of prose (`слово —
 * слово`) are passed over, or every document would have its view built for nothing.
 */
function nearAsciiAlnum(text: string, at: number): boolean {
  for (let step = 1; step <= 2; step++) {
    if (isAsciiAlnum(text.charCodeAt(at - step)) || isAsciiAlnum(text.charCodeAt(at + step))) return true;
  }
  return false;
}

/**
 * Whether the text holds anything the view rewrites, found without building it (most texts hold
 * nothing, and then the patterns read the text itself): an invisible character, a digit, sign or
 * space to fold, a word of digits and look-alike letters, a number word next to a number or another
 * number word, or «собака». A superset of what `piiNormalisedView` changes. `runs`, when given, is
 * fed every ASCII digit up to where the answer is known: all of them when it is false.
 */
export function needsNormalisedView(text: string, runs?: DigitRuns): boolean {
  // What the last token was: 0 other, 1 digits, 2 a number word; and whether only separators followed it.
  let previous = 0;
  let at = 0;
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    const kind = unitKind(unit);
    // Letters are never ignorable, foreign digits or folded, and those are all at or above U+00A0.
    if ((kind & (IGNORABLE | FOREIGN_DIGIT)) !== 0 || unit === 0xdb40 || ((kind & FOLDED) !== 0 && nearAsciiAlnum(text, at))) return true;
    if ((kind & (LETTER | DIGIT)) === 0) {
      if ((unit === 0x0a || unit === 0x0d) && paddedLineBreakEnd(text, at) !== undefined) return true;
      if ((kind & RUN_SEPARATOR) === 0) previous = 0;
      at++;
      continue;
    }
    // The kinds of the word's units, or-ed together: whether it holds digits, letters, look-alikes.
    let seen = 0;
    let end = at;
    while (end < text.length) {
      const next = unitKind(text.charCodeAt(end));
      if ((next & (DIGIT | LETTER)) !== 0) {
        seen |= next;
        if ((next & DIGIT) !== 0) runs?.add(text, end);
      } else if (!((next & APOSTROPHE) !== 0 && (seen & LETTER) !== 0 && end + 1 < text.length && (unitKind(text.charCodeAt(end + 1)) & LETTER) !== 0)) break;
      end++;
    }
    if ((seen & DIGIT) !== 0 && (seen & LOOKALIKE) !== 0) return true;
    // An IBAN's UA typed with a Cyrillic А («UА67…», «УА21…»), which the view reads as the Latin one.
    if ((seen & DIGIT) !== 0 && (unit === 0x55 || unit === 0x75 || unit === 0x423 || unit === 0x443) && (text.charCodeAt(at + 1) === 0x410 || text.charCodeAt(at + 1) === 0x430)) return true;
    if ((seen & LETTER) === 0) {
      if (previous === 2) return true;
      previous = 1;
    } else if (end - at >= 3 && end - at <= 13 && startsWord(unit, text.charCodeAt(at + 1)) && (mayBeNumberWord(text, at, end) || mayBeAddressWord(text, at, end))) {
      // A word that is neither leaves `previous` at 0, as one that starts otherwise does.
      const word = text.slice(at, end);
      if (numberWord(word) !== undefined) {
        if (previous !== 0) return true;
        previous = 2;
      } else {
        const lower = word.toLowerCase();
        if (AT_WORDS.has(lower)) return true;
        previous = 0;
      }
    } else previous = 0;
    at = end;
  }
  // Every digit is inside a word or number above, so all of them were counted.
  runs?.finish();
  return false;
}
