// Characters that render as an empty space but are not white space to the regex engine (braille
// blank, the Hangul fillers, halfwidth filler): attackers put them between words so that no
// pattern sees a space, so they stand for one.
const BLANK_LOOKING = /[\u2800\u3164\u115F\u1160\uFFA0]/g;
// Default_Ignorable_Code_Point covers zero-width characters, joiners, bidi controls, variation
// selectors (U+FE0F and the supplement), soft hyphen, invisible operators and tag characters.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}+/gu;

/** Fragments this long on average are words, not a word cut into letters or syllables. */
const WORD_FRAGMENT = 4;
const ZERO_WIDTH_SPACE = 0x200b;
// Letters and digits (\p{L}, \p{N}) by UTF-16 unit, asked of the regex once each: 0 not asked, 1 yes, 2 no.
const WORD_UNITS = new Uint8Array(0x10000);
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const isWordUnit = (unit: number): boolean => {
  let known = WORD_UNITS[unit] as number;
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(unit)) ? 1 : 2;
    WORD_UNITS[unit] = known;
  }
  return known === 1;
};

/** The regexes of this step, for the linearity test. */
export const STRIP_INVISIBLE_REGEXES: readonly RegExp[] = [BLANK_LOOKING, IGNORABLE];

/**
 * Removes every invisible or format character (zero-width, bidi controls, variation selectors,
 * tags, soft hyphen) and turns blank-looking letters (U+2800, U+3164, …) into a space, so
 * "ig\u200Bnore" reads "ignore" and "ignore\u2800previous" reads "ignore previous"; zero-width
 * spaces between whole words become spaces ("also\u200Bcancel\u200Bit" reads "also cancel it").
 * Linear.
 */
export function stripInvisible(text: string): string {
  // Blank-looking letters first: they are letters to \p{L}, and a word run must end at them.
  const blanked = text.replace(BLANK_LOOKING, ' ');
  const spaced = blanked.includes('\u200B') ? spaceZeroWidthWords(blanked) : blanked;
  return spaced.replace(IGNORABLE, '');
}

/**
 * Three words or more joined by zero-width spaces and nothing else ("Also\u200Bcancel\u200Bit"):
 * U+200B is a space that does not show, so there it stands for one. Between single letters or
 * syllables ("с\u200Bк\u200Bа", "ig\u200Bnore") it hides a word from the patterns and is left for
 * removal. One pass (a regex for the runs backtracked over every start of a long word).
 */
function spaceZeroWidthWords(text: string): string {
  let out = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    if (!isWordUnit(text.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    let fragments = 1;
    let letters = 0;
    for (;;) {
      while (at < text.length && isWordUnit(text.charCodeAt(at))) {
        at++;
        letters++;
      }
      if (text.charCodeAt(at) !== ZERO_WIDTH_SPACE || !isWordUnit(text.charCodeAt(at + 1))) break;
      fragments++;
      at++;
    }
    if (fragments >= 3 && letters / fragments >= WORD_FRAGMENT) {
      out += text.slice(copied, start) + text.slice(start, at).replaceAll('\u200B', ' ');
      copied = at;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}
