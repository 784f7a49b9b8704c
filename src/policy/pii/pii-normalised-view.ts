import { NUMBER_WORD_SPELLINGS, numberWord } from './number-words.js';
import { composeGroups } from './dictated-number-groups.js';
import type { Token } from './dictated-number-groups.js';
import { foldedUnit } from './folded-unit.js';
import { joinAddressGaps } from './address-gaps.js';
import type { PiiView } from './pii-view.js';

export type { PiiView } from './pii-view.js';

/** The span of the original text that view units `start` to `end` (exclusive) came from. */
export function originalSpan(view: PiiView, start: number, end: number): readonly [number, number] {
  if (view.starts === undefined || view.ends === undefined) return [start, end];
  return [view.starts[start] ?? start, view.ends[end - 1] ?? end];
}

// Zero-width characters, joiners, bidi controls, variation selectors, soft hyphen and word joiners:
// invisible, so an attacker can put them between the digits of a phone; the view drops them.
function isIgnorable(unit: number): boolean {
  return (
    unit === 0x00ad || unit === 0x034f || unit === 0x061c || unit === 0x180e || (unit >= 0x200b && unit <= 0x200f) || (unit >= 0x202a && unit <= 0x202e) ||
    (unit >= 0x2060 && unit <= 0x206f) || (unit >= 0xfe00 && unit <= 0xfe0f) || unit === 0xfeff
  );
}

// The zero of each block of decimal digits people paste instead of ASCII ones: Arabic-Indic,
// Extended Arabic-Indic (Persian, Urdu), NKo, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil,
// Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian.
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0x0f20, 0x1040, 0x17e0, 0x1810] as const;

function otherScriptDigit(unit: number): number | undefined {
  if (unit < 0x0660 || unit > 0x1819) return undefined;
  for (const zero of DIGIT_ZEROS) if (unit >= zero && unit <= zero + 9) return 0x30 + unit - zero;
  return undefined;
}

// Letters that stand for digits inside a number: Latin, Cyrillic and Greek O for 0, Cyrillic З for
// 3, б for 6, Latin l and I and Ukrainian І for 1.
const DIGIT_LOOKALIKES = new Map<number, number>([
  [0x4f, 0x30], [0x6f, 0x30], [0x41e, 0x30], [0x43e, 0x30], [0x39f, 0x30], [0x3bf, 0x30], [0x417, 0x33], [0x437, 0x33], [0x431, 0x36],
  [0x6c, 0x31], [0x49, 0x31], [0x406, 0x31], [0x456, 0x31],
]);

const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
// The keys of DIGIT_LOOKALIKES as comparisons: asked for every letter of every word, where a map lookup costs.
const isLookalike = (unit: number): boolean =>
  unit === 0x4f || unit === 0x6f || unit === 0x6c || unit === 0x49 || unit === 0x41e || unit === 0x43e || unit === 0x417 || unit === 0x437 || unit === 0x431 || unit === 0x406 || unit === 0x456 || unit === 0x39f || unit === 0x3bf;
const isLetter = (unit: number): boolean =>
  (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0xc0 && unit <= 0x24f && unit !== 0xd7 && unit !== 0xf7) || (unit >= 0x370 && unit <= 0x52f);
const isApostrophe = (unit: number): boolean => unit === 0x27 || unit === 0x2019 || unit === 0x2bc;
const isAddressUnit = (unit: number): boolean => isDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || unit === 0x2e || unit === 0x5f || unit === 0x2d || unit === 0x2b;
const isAlnumAscii = (unit: number): boolean => isDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
// Between the words and groups of a dictated number: spaces, hyphens, commas.
const isRunSeparator = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x2d || unit === 0x2c;

const AT_WORDS = new Set(['собака', 'собачка', 'sobaka']);
const DOT_WORDS = new Set(['крапка', 'точка', 'dot']);
// The first letters (either case) of those words: every other word is passed over without a lower-case copy.
const ADDRESS_WORD_FIRSTS = new Set([...AT_WORDS, ...DOT_WORDS].flatMap((word) => [word.charCodeAt(0), word.toUpperCase().charCodeAt(0)]));
const ADDRESS_WORD_LENGTHS = new Set([...AT_WORDS, ...DOT_WORDS].map((word) => word.length));
/** Whether the word from `at` to `end` may be one of AT_WORDS or DOT_WORDS in any case (a cheap superset). */
const mayBeAddressWord = (text: string, at: number, end: number): boolean => ADDRESS_WORD_LENGTHS.has(end - at) && ADDRESS_WORD_FIRSTS.has(text.charCodeAt(at));
/** A dictated number becomes digits only from this many digits on: phones, tax ids, cards, not "два три". */
const MIN_SPELLED_DIGITS = 7;
/** A dictated phone, tax id or card is at most about 25 words and groups; a longer run is not one, and is left as written. */
const MAX_RUN_TOKENS = 40;
/** A group of digits longer than this is no part of a dictated number (and is never copied into a string). */
const MAX_RUN_DIGITS = 19;

/** Writes the view unit by unit, with the original span of each. */
class ViewWriter {
  readonly units: Uint16Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  length = 0;
  changed = false;
  constructor(size: number) {
    this.units = new Uint16Array(size);
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
  }
  emit(unit: number, start: number, end: number): void {
    this.units[this.length] = unit;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }
  last(): number {
    return this.length > 0 ? (this.units[this.length - 1] ?? 0) : 0;
  }
}

/**
 * The view the PII patterns read, the same normalisation the injection guard applies, kept for
 * digits and addresses: invisible characters dropped, fullwidth and other scripts' digits as ASCII,
 * odd spaces and dashes as ASCII, O/О/З/б/l/І inside a number as digits, a number dictated in words
 * (uk, ru, en) as its digits, «собака» / «крапка» inside an address as @ and a dot, a line break
 * between two digits with the blanks around it as one line break, and the gaps inside a spelled-out
 * address or beside its @ taken out (`joinAddressGaps`). Each view unit keeps the span of the
 * original it came from, so redaction cuts the original text. Linear; returns the text itself when
 * nothing changes.
 */
export function piiNormalisedView(text: string): PiiView {
  return joinAddressGaps(foldedView(text));
}

function foldedView(text: string): PiiView {
  if (!needsNormalisedView(text)) return { view: text };
  const out = new ViewWriter(text.length);
  let run: Token[] = [];
  let runStart = 0;
  let runEnd = 0;
  let lastAt = -1_000;
  let pause = false;

  const flushRun = (): void => {
    const words = run.filter((token) => token.word !== undefined).length;
    if (words > 0 && run.length <= MAX_RUN_TOKENS) {
      const groups = composeGroups(run);
      const digits = groups.reduce((sum, group) => sum + group.digits.length, 0);
      if (digits >= MIN_SPELLED_DIGITS || (digits === PASSPORT_DIGITS && passportSeriesBefore(out, runStart))) {
        // Keep what was written after the last token (separators), rewrite the run as its digits.
        const tail = Array.from({ length: out.length - runEnd }, (_, i) => [out.units[runEnd + i] ?? 0, out.starts[runEnd + i] ?? 0, out.ends[runEnd + i] ?? 0] as const);
        out.length = runStart;
        for (const group of groups) for (let at = 0; at < group.digits.length; at++) out.emit(group.digits.charCodeAt(at), group.start, group.end);
        for (const [unit, start, end] of tail) out.emit(unit, start, end);
        out.changed = true;
      }
    }
    run = [];
  };

  let at = 0;
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    if (isIgnorable(unit) || (unit === 0xdb40 && at + 1 < text.length)) {
      // A tag character or a supplementary variation selector is a surrogate pair starting U+DB40.
      at += unit === 0xdb40 ? 2 : 1;
      out.changed = true;
      continue;
    }
    if (!isLetter(unit) && !isDigit(unit) && otherScriptDigit(unit) === undefined && !(unit >= 0xff10 && unit <= 0xff19)) {
      const wrapEnd = unit === 0x0a || unit === 0x0d ? paddedLineBreakEnd(text, at) : undefined;
      if (wrapEnd !== undefined) {
        if (run.length > 0) flushRun();
        let trimmed = 0;
        while (trimmed < MAX_LINE_PADDING && out.length > 0 && isLinePadding(out.last())) {
          out.length--;
          trimmed++;
        }
        out.emit(0x0a, trimmed > 0 ? (out.starts[out.length] ?? at) : at, wrapEnd);
        out.changed = true;
        pause = false;
        at = wrapEnd;
        continue;
      }
      const folded = foldedUnit(unit);
      if (folded !== undefined) out.changed = true;
      const written = folded ?? unit;
      if (run.length > 0 && !isRunSeparator(written)) flushRun();
      if (written === 0x2c) pause = true;
      out.emit(written, at, at + 1);
      at++;
      continue;
    }
    // A word or a number: letters, digits, apostrophes between letters, invisible characters inside.
    const begin = out.length;
    let letters = 0;
    let digits = 0;
    let lookalikes = 0;
    let end = at;
    while (end < text.length) {
      const next = text.charCodeAt(end);
      if (isIgnorable(next)) {
        out.changed = true;
        end++;
        continue;
      }
      const digit = isDigit(next) ? next : (otherScriptDigit(next) ?? (next >= 0xff10 && next <= 0xff19 ? next - 0xff10 + 0x30 : undefined));
      if (digit !== undefined) {
        if (digit !== next) out.changed = true;
        out.emit(digit, end, end + 1);
        digits++;
      } else if (isLetter(next) || (isApostrophe(next) && letters > 0 && isLetter(text.charCodeAt(end + 1)))) {
        out.emit(next, end, end + 1);
        if (isLetter(next)) letters++;
        if (isLookalike(next)) lookalikes++;
      } else break;
      end++;
    }
    // «5ОО» between two groups of a phone has more letters than digits, as a 0 typed twice does.
    if (letters > 0 && lookalikes === letters && ((digits >= 2 && digits > letters) || (letters <= 2 * digits && numericNeighbour(text, out, begin, end)))) {
      for (let i = begin; i < out.length; i++) out.units[i] = DIGIT_LOOKALIKES.get(out.units[i] ?? 0) ?? out.units[i] ?? 0;
      out.changed = true;
      letters = 0;
    } else if (lookalikes > 0 && lookalikes === letters - 2 && digits > lookalikes && ibanHead(out, begin)) {
      // An IBAN is one word that starts with UA, which no other word of digits and look-alikes does.
      for (let i = begin + 2; i < out.length; i++) out.units[i] = DIGIT_LOOKALIKES.get(out.units[i] ?? 0) ?? out.units[i] ?? 0;
      out.changed = true;
      letters = 2;
    }
    const token = letters === 0 ? undefined : numberWord(text.slice(at, end));
    if (letters === 0 && out.length - begin > MAX_RUN_DIGITS) {
      if (run.length > 0) flushRun();
      pause = false;
    } else if (letters === 0 || token !== undefined) {
      if (run.length === 0) runStart = begin;
      run.push(token === undefined ? { digits: String.fromCharCode(...out.units.subarray(begin, out.length)), start: at, end, pause } : { word: token, start: at, end, pause });
      pause = false;
      runEnd = out.length;
    } else {
      if (run.length > 0) flushRun();
      pause = false;
      const lower = letters > 0 && letters <= 7 && mayBeAddressWord(text, at, end) ? text.slice(at, end).toLowerCase() : '';
      if (AT_WORDS.has(lower) || (DOT_WORDS.has(lower) && begin - lastAt < 64)) {
        const joined = joinAddress(text, out, begin, end, AT_WORDS.has(lower) ? 0x40 : 0x2e);
        if (joined !== undefined) {
          if (AT_WORDS.has(lower)) lastAt = out.length - 1;
          at = joined;
          continue;
        }
      }
    }
    at = end;
  }
  if (run.length > 0) flushRun();
  if (!out.changed) return { view: text };
  let view = '';
  for (let i = 0; i < out.length; i += 8192) view += String.fromCharCode(...out.units.subarray(i, Math.min(out.length, i + 8192)));
  return { view, starts: out.starts.subarray(0, out.length), ends: out.ends.subarray(0, out.length) };
}

/** Whether view units from `begin` start like an IBAN: UA (either case) and a digit or a look-alike of one. */
function ibanHead(out: ViewWriter, begin: number): boolean {
  const first = out.units[begin] ?? 0;
  const second = out.units[begin + 1] ?? 0;
  const third = out.units[begin + 2] ?? 0;
  return (first === 0x55 || first === 0x75) && (second === 0x41 || second === 0x61) && (isDigit(third) || isLookalike(third));
}

/** A booklet passport's number has six digits; spelled out after its series it is one, though shorter than a phone. */
const PASSPORT_DIGITS = 6;
const isSeriesLetter = (unit: number): boolean =>
  (unit >= 0x410 && unit <= 0x42f) || unit === 0x404 || unit === 0x406 || unit === 0x407 || unit === 0x490 || unit === 0x41 || unit === 0x42 || unit === 0x43 || unit === 0x45 || unit === 0x48 || unit === 0x49 || unit === 0x4b || unit === 0x4d || unit === 0x4f || unit === 0x50 || unit === 0x54 || unit === 0x58;

/** Whether the view before `runStart` ends with a passport series: two capitals alone («ТР », «КН № »). */
function passportSeriesBefore(out: ViewWriter, runStart: number): boolean {
  let at = runStart;
  while (at > 0 && runStart - at < 3 && (out.units[at - 1] === 0x20 || out.units[at - 1] === 0x2116)) at--;
  if (at === runStart || at < 2) return false;
  return isSeriesLetter(out.units[at - 1] ?? 0) && isSeriesLetter(out.units[at - 2] ?? 0) && (at === 2 || !isLetter(out.units[at - 3] ?? 0));
}

/** Blanks and carriage returns around a line break: a wrapped number's padding, folded into the break. */
const isLinePadding = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x0d;
const MAX_LINE_PADDING = 8;

/**
 * Where the padding after a line break at `at` ends, when the break (\r\n, or \n with blanks around
 * it) stands between two digits: the view folds it into one \n, which the patterns take as a number's
 * separator. Undefined for a bare \n (the view keeps it as it is) and for a blank line.
 */
function paddedLineBreakEnd(text: string, at: number): number | undefined {
  let before = at;
  while (before > 0 && at - before < MAX_LINE_PADDING && isLinePadding(text.charCodeAt(before - 1))) before--;
  if (before === 0 || !isDigit(text.charCodeAt(before - 1))) return undefined;
  let after = at;
  if (text.charCodeAt(after) === 0x0d) after++;
  if (text.charCodeAt(after) !== 0x0a) return undefined;
  after++;
  const breakEnd = after;
  while (after < text.length && after - breakEnd < MAX_LINE_PADDING && (text.charCodeAt(after) === 0x20 || text.charCodeAt(after) === 0x09)) after++;
  if (!isDigit(text.charCodeAt(after))) return undefined;
  return before === at && after - at === 1 ? undefined : after;
}

// Punctuation inside a written number: spaces, dashes, dots, brackets and the plus of +38.
const isNumberPunctuation = (unit: number): boolean => unit === 0x20 || unit === 0x2d || unit === 0x2e || unit === 0x28 || unit === 0x29 || unit === 0x2b;

/** Whether a short group with a look-alike letter («2З», «6о») sits next to another group of the same number. */
function numericNeighbour(text: string, out: ViewWriter, begin: number, end: number): boolean {
  let back = begin;
  while (back > 0 && begin - back < 2 && isNumberPunctuation(out.units[back - 1] ?? 0)) back--;
  if (back < begin && back > 0 && isDigit(out.units[back - 1] ?? 0)) return true;
  let ahead = end;
  while (ahead < text.length && ahead - end < 2 && isNumberPunctuation(text.charCodeAt(ahead))) ahead++;
  const next = text.charCodeAt(ahead);
  return ahead > end && (isDigit(next) || DIGIT_LOOKALIKES.has(next) || (next >= 0xff10 && next <= 0xff19));
}

/**
 * «ivan собака gmail.com», «ivan (собака) gmail (крапка) com»: when the word sits between two parts
 * of an address, it and the spaces and brackets around it become one `@` or `.`. Returns where the
 * text goes on, or undefined (the word stays).
 */
function joinAddress(text: string, out: ViewWriter, wordBegin: number, wordEnd: number, sign: number): number | undefined {
  let back = wordBegin;
  let skipped = 0;
  while (back > 0 && skipped < 3 && (out.units[back - 1] === 0x20 || out.units[back - 1] === 0x28 || out.units[back - 1] === 0x5b)) {
    back--;
    skipped++;
  }
  if (back === 0 || !isAlnumAscii(out.units[back - 1] ?? 0) || !isAddressUnit(out.units[back - 1] ?? 0)) return undefined;
  let ahead = wordEnd;
  skipped = 0;
  while (ahead < text.length && skipped < 3 && (text.charCodeAt(ahead) === 0x20 || text.charCodeAt(ahead) === 0x29 || text.charCodeAt(ahead) === 0x5d)) {
    ahead++;
    skipped++;
  }
  if (!isAlnumAscii(text.charCodeAt(ahead))) return undefined;
  const start = out.starts[back] ?? wordBegin;
  out.length = back;
  out.emit(sign, start, ahead);
  out.changed = true;
  return ahead;
}

const lowerUnit = (unit: number): number => (unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit >= 0x410 && unit <= 0x42f ? unit + 0x20 : unit === 0x406 ? 0x456 : unit);
const pairKey = (first: number, second: number): number => lowerUnit(first) * 0x10000 + lowerUnit(second);
// The first two letters (lower case) of every number word and of «собака» / «крапка»: a word that
// starts otherwise is never looked up, which keeps the check below cheap on ordinary text.
const WORD_STARTS = new Set([...NUMBER_WORD_SPELLINGS, ...AT_WORDS].map((word) => pairKey(word.charCodeAt(0), word.charCodeAt(1))));

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
 * number word, or «собака». A superset of what `piiNormalisedView` changes.
 */
function needsNormalisedView(text: string): boolean {
  // What the last token was: 0 other, 1 digits, 2 a number word; and whether only separators followed it.
  let previous = 0;
  let at = 0;
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xa0 && !isLetter(unit) && (isIgnorable(unit) || unit === 0xdb40 || otherScriptDigit(unit) !== undefined || (unit >= 0xff10 && unit <= 0xff19) || (foldedUnit(unit) !== undefined && nearAsciiAlnum(text, at)))) return true;
    if (!isLetter(unit) && !isDigit(unit)) {
      if ((unit === 0x0a || unit === 0x0d) && paddedLineBreakEnd(text, at) !== undefined) return true;
      if (!isRunSeparator(unit)) previous = 0;
      at++;
      continue;
    }
    let end = at;
    let digits = 0;
    let lookalikes = 0;
    let letters = 0;
    while (end < text.length) {
      const next = text.charCodeAt(end);
      if (isDigit(next)) digits++;
      else if (isLetter(next)) {
        letters++;
        if (isLookalike(next)) lookalikes++;
      } else if (!(isApostrophe(next) && letters > 0 && isLetter(text.charCodeAt(end + 1)))) break;
      end++;
    }
    if (digits > 0 && lookalikes > 0) return true;
    if (letters === 0) {
      if (previous === 2) return true;
      previous = 1;
    } else if (end - at >= 3 && end - at <= 13 && WORD_STARTS.has(pairKey(unit, text.charCodeAt(at + 1)))) {
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
  return false;
}
