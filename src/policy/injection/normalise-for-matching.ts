import { isWhiteSpace } from '../normalise/is-white-space.js';
import { COMPATIBLE, compatibleForms, plainKind } from '../normalise/plain-text.js';

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

/**
 * Two letters with zero-width spaces, joiners, word joiners, a BOM or tag characters between them: a word
 * laced so on purpose. Not the soft hyphen or a direction mark, which text copied from a web page or a
 * form may carry.
 */
export const LACED_WORD = /\p{L}[\u200B-\u200D\u2060\uFEFF\u{E0000}-\u{E007F}]+\p{L}/u;

// Ukrainian writes the apostrophe three ways (ʼ ’ '); patterns should not have to.
const APOSTROPHES = /[\u02BC\u2018\u2019\u0060\u00B4\u2032]/g;

/** A run of white space {@link collapseSpaces} changes: two or more, or one other than a space or a line break. */
const NEEDS_COLLAPSE = /\s\s|[^\S \n]/;

/** Every regular expression normalisation uses, for the ReDoS safety test. */
export const NORMALISATION_REGEXES: readonly RegExp[] = [INVISIBLE_CHARS, INVISIBLE_INSIDE_WORD, LACED_WORD, APOSTROPHES, NEEDS_COLLAPSE];

/**
 * The text patterns read: NFKC (fullwidth and mathematical letters become plain ones), invisible
 * characters removed, apostrophes unified, lower-cased without locale (so Turkish or Lithuanian
 * settings cannot change a match), runs of spaces collapsed to one space and runs of blank lines
 * to one newline. Line breaks survive because role markers are recognised at the start of a line.
 */
export function normaliseForMatching(text: string): string {
  // Plain text (plain-text.ts) holds no invisible character, and NFKC changes in it only the
  // characters it writes otherwise on their own (… as ...): the normalisation and the removal come
  // down to that, as in the canonical view.
  const kind = plainKind(text);
  const visible = kind < 0 ? text.normalize('NFKC').replace(INVISIBLE_CHARS, '') : (kind & COMPATIBLE) !== 0 ? compatibleForms(text) : text;
  return collapseSpaces(visible.replace(APOSTROPHES, "'").toLowerCase());
}

/**
 * Runs of white space collapsed, in one pass rather than a regex replacement per run (indented JSON
 * has one on every line): a run that holds a newline becomes one newline, any other run one space.
 * The same as `.replace(/[^\S\n]{2,}|[^\S \n]/g, ' ').replace(/ \n\s*|\n\s+/g, '\n')`.
 */
// A table read once per character: the test of isWhiteSpace runs a dozen comparisons for a Cyrillic letter.
const WHITE_SPACE = new Uint8Array(0x10000).map((_, unit) => (isWhiteSpace(unit) ? 1 : 0));

function collapseSpaces(text: string): string {
  // Most requests are single-spaced: one search rules out any run to collapse.
  if (!NEEDS_COLLAPSE.test(text)) return text;
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    if (WHITE_SPACE[text.charCodeAt(at)] === 0) continue;
    let end = at;
    let newline = false;
    while (end < text.length && WHITE_SPACE[text.charCodeAt(end)] === 1) {
      if (text.charCodeAt(end) === 0x0a) newline = true;
      end++;
    }
    const single = end - at === 1 && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x0a);
    if (!single) {
      out += text.slice(copied, at) + (newline ? '\n' : ' ');
      copied = end;
    }
    at = end - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
