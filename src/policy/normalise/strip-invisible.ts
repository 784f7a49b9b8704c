// Characters that render as an empty space but are not white space to the regex engine (braille
// blank, the Hangul fillers, halfwidth filler): attackers put them between words so that no
// pattern sees a space, so they stand for one.
const BLANK_LOOKING = /[\u2800\u3164\u115F\u1160\uFFA0]/g;
// Default_Ignorable_Code_Point covers zero-width characters, joiners, bidi controls, variation
// selectors (U+FE0F and the supplement), soft hyphen, invisible operators and tag characters.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}+/gu;

/** The regexes of this step, for the linearity test. */
export const STRIP_INVISIBLE_REGEXES: readonly RegExp[] = [BLANK_LOOKING, IGNORABLE];

/**
 * Removes every invisible or format character (zero-width, bidi controls, variation selectors,
 * tags, soft hyphen) and turns blank-looking letters (U+2800, U+3164, …) into a space, so
 * "ig\u200Bnore" reads "ignore" and "ignore\u2800previous" reads "ignore previous". Linear.
 */
export function stripInvisible(text: string): string {
  return text.replace(BLANK_LOOKING, ' ').replace(IGNORABLE, '');
}
