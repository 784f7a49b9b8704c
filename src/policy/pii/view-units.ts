import { foldedUnit } from './folded-unit.js';

// What the normalised view (`piiNormalisedView`) and its pre-check need to know of each UTF-16 unit.

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

/** The ASCII digit a digit of another script or a fullwidth one stands for, or undefined. */
export const foreignDigit = (unit: number): number | undefined => otherScriptDigit(unit) ?? (unit >= 0xff10 && unit <= 0xff19 ? unit - 0xff10 + 0x30 : undefined);

// Letters that stand for digits inside a number: Latin, Cyrillic and Greek O for 0, Cyrillic З for
// 3, б for 6, Latin l and I and Ukrainian І for 1.
export const DIGIT_LOOKALIKES = new Map<number, number>([
  [0x4f, 0x30], [0x6f, 0x30], [0x41e, 0x30], [0x43e, 0x30], [0x39f, 0x30], [0x3bf, 0x30], [0x417, 0x33], [0x437, 0x33], [0x431, 0x36],
  [0x6c, 0x31], [0x49, 0x31], [0x406, 0x31], [0x456, 0x31],
]);

export const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
export const isLookalike = (unit: number): boolean => DIGIT_LOOKALIKES.has(unit);
export const isLetter = (unit: number): boolean =>
  (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0xc0 && unit <= 0x24f && unit !== 0xd7 && unit !== 0xf7) || (unit >= 0x370 && unit <= 0x52f);
const isApostrophe = (unit: number): boolean => unit === 0x27 || unit === 0x2019 || unit === 0x2bc;
// Between the words and groups of a dictated number: spaces, hyphens, commas.
export const isRunSeparator = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x2d || unit === 0x2c;

/** Bits of `unitKind`. */
export const LETTER = 1;
export const DIGIT = 2;
export const LOOKALIKE = 4;
export const IGNORABLE = 8;
/** A digit of another script or a fullwidth one. */
export const FOREIGN_DIGIT = 16;
/** A unit `foldedUnit` turns into an ASCII one. */
export const FOLDED = 32;
export const APOSTROPHE = 64;
export const RUN_SEPARATOR = 128;

// All kinds but FOREIGN_DIGIT, whose predicate walks the blocks of digits: the table marks those blocks whole.
const kindBesidesForeignDigit = (unit: number): number =>
  (isLetter(unit) ? LETTER : 0) | (isDigit(unit) ? DIGIT : 0) | (isLookalike(unit) ? LOOKALIKE : 0) | (isIgnorable(unit) ? IGNORABLE : 0) |
  (foldedUnit(unit) !== undefined ? FOLDED : 0) | (isApostrophe(unit) ? APOSTROPHE : 0) | (isRunSeparator(unit) ? RUN_SEPARATOR : 0);

/** The kind bits of a unit, from the predicates above (view-units.test.ts checks the table against it for every unit). */
export const kindOf = (unit: number): number => kindBesidesForeignDigit(unit) | (foreignDigit(unit) !== undefined ? FOREIGN_DIGIT : 0);

// The predicates, asked once per unit here instead of for every character of every text: the view and
// its pre-check read each unit's kind from this table in one load. Only these blocks hold a unit of
// any kind (letters, digits and signs; the other scripts' digits; spaces, dashes and invisible
// characters; fullwidth forms), so the rest of the table is left 0 rather than asked at every start.
const KIND_BLOCKS = [[0, 0x1820], [0x2000, 0x3100], [0xfe00, 0x10000]] as const;
const KINDS = new Uint8Array(0x10000);
for (const [from, to] of KIND_BLOCKS) for (let unit = from; unit < to; unit++) KINDS[unit] = kindBesidesForeignDigit(unit);
for (const zero of [...DIGIT_ZEROS, 0xff10]) for (let unit = zero; unit <= zero + 9; unit++) KINDS[unit] = (KINDS[unit] ?? 0) | FOREIGN_DIGIT;

/** The kind bits of a UTF-16 unit (never ask past the end of a text: NaN would slow every lookup). */
export const unitKind = (unit: number): number => KINDS[unit] ?? 0;

/** Blanks and carriage returns around a line break: a wrapped number's padding, folded into the break. */
export const isLinePadding = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x0d;
export const MAX_LINE_PADDING = 8;

/**
 * Where the padding after a line break at `at` ends, when the break (\r\n, or \n with blanks around
 * it) stands between two digits: the view folds it into one \n, which the patterns take as a number's
 * separator. Undefined for a bare \n (the view keeps it as it is) and for a blank line.
 */
export function paddedLineBreakEnd(text: string, at: number): number | undefined {
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
