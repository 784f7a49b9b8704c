// U+034F (combining grapheme joiner) stands apart: inside a class a lone combining mark reads as if
// it joined the character before it.
const INVISIBLE = String.raw`(?:[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|\u034F)`;

/**
 * Invisible format characters: zero-width space/joiners, word joiner and the invisible operators,
 * BOM, soft hyphen, combining grapheme joiner, bidi controls and Unicode tag characters. They change
 * nothing a reader sees, so an attacker can split a keyword with them ("ig\u200Bnore").
 */
export const INVISIBLE_CHARS = new RegExp(INVISIBLE, 'gu');

/** An invisible character between two letters: the sign of a keyword deliberately split. */
export const INVISIBLE_INSIDE_WORD = new RegExp(String.raw`\p{L}${INVISIBLE}+\p{L}`, 'u');

// Ukrainian writes the apostrophe three ways (ʼ ’ '); patterns should not have to.
const APOSTROPHES = /[\u02BC\u2018\u2019\u0060\u00B4\u2032]/g;
// Only runs of two or more, or a lone tab or exotic space, are rewritten: replacing every single
// space cost more than all the patterns together.
const HORIZONTAL_SPACE = /[^\S\n]{2,}|[^\S \n]/g;
const LINE_BREAKS = / \n\s*|\n\s+/g;

/** Every regular expression normalisation uses, for the ReDoS safety test. */
export const NORMALISATION_REGEXES: readonly RegExp[] = [INVISIBLE_CHARS, INVISIBLE_INSIDE_WORD, APOSTROPHES, HORIZONTAL_SPACE, LINE_BREAKS];

/**
 * The text patterns read: NFKC (fullwidth and mathematical letters become plain ones), invisible
 * characters removed, apostrophes unified, lower-cased without locale (so Turkish or Lithuanian
 * settings cannot change a match), runs of spaces collapsed to one space and runs of blank lines
 * to one newline. Line breaks survive because role markers are recognised at the start of a line.
 */
export function normaliseForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE_CHARS, '')
    .replace(APOSTROPHES, "'")
    .toLowerCase()
    .replace(HORIZONTAL_SPACE, ' ')
    .replace(LINE_BREAKS, '\n');
}
