import { mayBeNumberWord, numberWord } from './number-words.js';
import type { NumberWord } from './number-words.js';
import { AT_WORDS, DOT_WORDS, mayBeAddressWord } from './address-words.js';
import { composeGroups } from './dictated-number-groups.js';
import { foldedUnit } from './folded-unit.js';
import { joinAddressGaps } from './address-gaps.js';
import { needsNormalisedView } from './needs-normalised-view.js';
import { APOSTROPHE, DIGIT, DIGIT_LOOKALIKES, FOREIGN_DIGIT, foreignDigit, IGNORABLE, isDigit, isLetter, isLinePadding, isLookalike, isRunSeparator, LETTER, LOOKALIKE, MAX_LINE_PADDING, paddedLineBreakEnd, unitKind } from './view-units.js';
import { unitsText, ViewWriter } from './view-writer.js';
import type { PiiView } from './pii-view.js';
import type { DigitRuns } from './digit-runs.js';

export type { PiiView } from './pii-view.js';

/** The span of the original text that view units `start` to `end` (exclusive) came from. */
export function originalSpan(view: PiiView, start: number, end: number): readonly [number, number] {
  if (view.starts === undefined || view.ends === undefined) return [start, end];
  return [view.starts[start] ?? start, view.ends[end - 1] ?? end];
}

const isAddressUnit = (unit: number): boolean => isDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || unit === 0x2e || unit === 0x5f || unit === 0x2d || unit === 0x2b;
const isAlnumAscii = (unit: number): boolean => isDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
/** A dictated number becomes digits only from this many digits on: phones, tax ids, cards, not "два три". */
const MIN_SPELLED_DIGITS = 7;
/** A dictated phone, tax id or card is at most about 25 words and groups; a longer run is not one, and is left as written. */
const MAX_RUN_TOKENS = 40;
/** A group of digits longer than this is no part of a dictated number (and is never copied into a string). */
const MAX_RUN_DIGITS = 19;
/** An IBAN's first group holds its two check digits after UA («UА21 3223 …»); the IBAN rule reads the rest. */
const IBAN_CHECK_DIGITS = 2;
/** A Ukrainian phone number without its country code: 0 and nine digits. */
const PHONE_DIGITS = 10;

/**
 * The view the PII patterns read, the same normalisation the injection guard applies, kept for
 * digits and addresses: invisible characters dropped, fullwidth and other scripts' digits as ASCII,
 * odd spaces and dashes as ASCII, O/О/З/б/l/І inside a number as digits, a number dictated in words
 * (uk, ru, en) as its digits, «собака» / «крапка» inside an address as @ and a dot, a line break
 * between two digits with the blanks around it as one line break, and the gaps inside a spelled-out
 * address or beside its @ taken out (`joinAddressGaps`). Each view unit keeps the span of the
 * original it came from, so redaction cuts the original text. Linear; returns the text itself when
 * nothing changes. `runs`, when given, is fed the text's digits by the pre-check, and marked complete
 * when the text needs no folding (its view may still take out an address's gaps: compare the views).
 */
export function piiNormalisedView(text: string, runs?: DigitRuns): PiiView {
  return joinAddressGaps(foldedView(text, runs));
}

/** `runs`, when given, counts the text's digits if it is left as it is (then marked complete). */
function foldedView(text: string, runs?: DigitRuns): PiiView {
  if (!needsNormalisedView(text, runs)) return { view: text };
  const out = ViewWriter.reset(text.length);
  let run: RunToken[] = [];
  let runWords = 0;
  let runStart = 0;
  let runEnd = 0;
  let lastAt = -1_000;
  let pause = false;

  const flushRun = (): void => {
    if (runWords > 0 && run.length <= MAX_RUN_TOKENS) {
      const groups = composeGroups(run.map((token) => (token.word !== undefined ? token : { digits: unitsText(out.units, token.from, token.to), start: token.start, end: token.end, pause: token.pause })));
      const digits = groups.reduce((sum, group) => sum + group.digits.length, 0);
      if (digits >= MIN_SPELLED_DIGITS || (digits === PASSPORT_DIGITS && passportSeriesBefore(out, runStart))) {
        // Keep what was written after the last token (separators), moved to where the digits end;
        // rewrite the run as its digits.
        const tailLength = out.length - runEnd;
        // «восемь ноль шестьдесят семь …»: the old trunk prefix 8 dictated before a phone's 0 is kept
        // apart from it, as "8 067 …" written in digits is, so the phone after it is read as one.
        const trunk = digits === PHONE_DIGITS + 1 && groups[0]?.digits === '8' && groups[1]?.digits.startsWith('0') === true ? 1 : 0;
        out.move(runEnd, runStart + digits + trunk, tailLength);
        out.length = runStart;
        for (const [index, group] of groups.entries()) {
          for (let at = 0; at < group.digits.length; at++) out.emit(group.digits.charCodeAt(at), group.start, group.end);
          if (index === 0 && trunk === 1) out.emit(0x20, group.end, group.end);
        }
        out.length += tailLength;
        out.changed = true;
      }
    }
    run = [];
    runWords = 0;
  };

  let at = 0;
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    const kind = unitKind(unit);
    if ((kind & IGNORABLE) !== 0 || (unit === 0xdb40 && at + 1 < text.length)) {
      // A tag character or a supplementary variation selector is a surrogate pair starting U+DB40.
      at += unit === 0xdb40 ? 2 : 1;
      out.changed = true;
      continue;
    }
    if ((kind & (LETTER | DIGIT | FOREIGN_DIGIT)) === 0) {
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
      const nextKind = unitKind(next);
      if ((nextKind & IGNORABLE) !== 0) {
        out.changed = true;
        end++;
        continue;
      }
      if ((nextKind & DIGIT) !== 0) {
        out.emit(next, end, end + 1);
        digits++;
      } else if ((nextKind & FOREIGN_DIGIT) !== 0) {
        out.changed = true;
        out.emit(foreignDigit(next) ?? next, end, end + 1);
        digits++;
      } else if ((nextKind & LETTER) !== 0 || ((nextKind & APOSTROPHE) !== 0 && letters > 0 && end + 1 < text.length && (unitKind(text.charCodeAt(end + 1)) & LETTER) !== 0)) {
        out.emit(next, end, end + 1);
        if ((nextKind & LETTER) !== 0) letters++;
        if ((nextKind & LOOKALIKE) !== 0) lookalikes++;
      } else break;
      end++;
    }
    // «5ОО» between two groups of a phone has more letters than digits, as a 0 typed twice does.
    if (letters > 0 && lookalikes === letters && ((digits >= 2 && digits > letters) || (letters <= 2 * digits && numericNeighbour(text, out, begin, end)))) {
      for (let i = begin; i < out.length; i++) out.units[i] = DIGIT_LOOKALIKES.get(out.units[i] ?? 0) ?? out.units[i] ?? 0;
      out.changed = true;
      letters = 0;
    } else if (lookalikes === letters - 2 && (lookalikes > 0 ? digits > lookalikes : digits >= IBAN_CHECK_DIGITS && isCyrillicA(out.units[begin + 1] ?? 0)) && ibanHead(out, begin)) {
      // An IBAN is one word that starts with UA, which no other word of digits and look-alikes does;
      // its A may be typed in Cyrillic («UА67…»), and is read as the Latin one.
      for (let i = begin + 2; i < out.length; i++) out.units[i] = DIGIT_LOOKALIKES.get(out.units[i] ?? 0) ?? out.units[i] ?? 0;
      const second = out.units[begin + 1] ?? 0;
      if (isCyrillicA(second)) out.units[begin + 1] = second - CYRILLIC_TO_LATIN_A;
      // «УА21…»: UA typed on a Cyrillic keyboard, У for U.
      const first = out.units[begin] ?? 0;
      if (first === 0x423 || first === 0x443) out.units[begin] = first === 0x423 ? 0x55 : 0x75;
      out.changed = true;
      letters = 2;
    }
    const token = letters === 0 || !mayBeNumberWord(text, at, end) ? undefined : numberWord(text.slice(at, end));
    if (letters === 0 && out.length - begin > MAX_RUN_DIGITS) {
      if (run.length > 0) flushRun();
      pause = false;
    } else if (letters === 0 || token !== undefined) {
      if (run.length === 0) runStart = begin;
      // A group of digits is read as a string only if the run turns out to hold a number word.
      run.push(token === undefined ? { from: begin, to: out.length, start: at, end, pause } : { word: token, from: begin, to: out.length, start: at, end, pause });
      if (token !== undefined) runWords++;
      pause = false;
      runEnd = out.length;
    } else {
      if (run.length > 0) flushRun();
      pause = false;
      const lower = letters > 0 && letters <= 7 && mayBeAddressWord(text, at, end) ? text.slice(at, end).toLowerCase() : '';
      if (lower !== '' && (AT_WORDS.has(lower) || (DOT_WORDS.has(lower) && begin - lastAt < 64))) {
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
  // The writer is used again by the next call: the spans handed out are copies.
  return { view: unitsText(out.units, 0, out.length), starts: out.starts.slice(0, out.length), ends: out.ends.slice(0, out.length) };
}

/** A word or a group of digits of a run being read, with the view units it was written to. */
interface RunToken {
  readonly word?: NumberWord;
  readonly from: number;
  readonly to: number;
  readonly start: number;
  readonly end: number;
  readonly pause: boolean;
}

const isCyrillicA = (unit: number): boolean => unit === 0x410 || unit === 0x430;
/** From Cyrillic А (U+0410) and а to Latin A and a. */
const CYRILLIC_TO_LATIN_A = 0x410 - 0x41;

/** Whether view units from `begin` start like an IBAN: UA (either case, its A or both letters Cyrillic) and a digit or a look-alike of one. */
function ibanHead(out: ViewWriter, begin: number): boolean {
  const first = out.units[begin] ?? 0;
  const second = out.units[begin + 1] ?? 0;
  const third = out.units[begin + 2] ?? 0;
  const cyrillicU = first === 0x423 || first === 0x443;
  return (first === 0x55 || first === 0x75 || (cyrillicU && isCyrillicA(second))) && (second === 0x41 || second === 0x61 || isCyrillicA(second)) && (isDigit(third) || isLookalike(third));
}

/** A booklet passport's number has six digits; spelled out after its series it is one, though shorter than a phone. */
const PASSPORT_DIGITS = 6;
const isSeriesLetter = (unit: number): boolean =>
  (unit >= 0x410 && unit <= 0x42f) || unit === 0x404 || unit === 0x406 || unit === 0x407 || unit === 0x490 || unit === 0x41 || unit === 0x42 || unit === 0x43 || unit === 0x45 || unit === 0x48 || unit === 0x49 || unit === 0x4b || unit === 0x4d || unit === 0x4f || unit === 0x50 || unit === 0x54 || unit === 0x58;

/** The word a form writes between a passport's series and its number («серії ТТ номер …», "series KM number …"). */
const NUMBER_WORDS_AFTER_SERIES = ['номер', 'number'] as const;

/** Whether the view before `runStart` ends with a passport series: two capitals alone («ТР », «КН № », «ТТ номер »). */
function passportSeriesBefore(out: ViewWriter, runStart: number): boolean {
  let at = runStart;
  while (at > 0 && runStart - at < 3 && (out.units[at - 1] === 0x20 || out.units[at - 1] === 0x2116)) at--;
  if (at === runStart || at < 2) return false;
  for (const word of NUMBER_WORDS_AFTER_SERIES) {
    const from = at - word.length;
    if (from < 3 || out.units[from - 1] !== 0x20 || !endsWithWord(out, at, word)) continue;
    at = from - 1;
    while (at > 0 && out.units[at - 1] === 0x20) at--;
    break;
  }
  return isSeriesLetter(out.units[at - 1] ?? 0) && isSeriesLetter(out.units[at - 2] ?? 0) && (at === 2 || !isLetter(out.units[at - 3] ?? 0));
}

/** Whether view units up to `end` spell `word` (lower case; the view keeps the text's case). */
function endsWithWord(out: ViewWriter, end: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    const unit = out.units[end - word.length + k] ?? 0;
    const lower = (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x410 && unit <= 0x42f) ? unit + 0x20 : unit;
    if (lower !== word.charCodeAt(k)) return false;
  }
  return true;
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
