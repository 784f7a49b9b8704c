const LETTER_WITH_MARKS = /\p{L}?\p{M}+/gu;

/** The regexes of this step, for the linearity test. */
export const STRIP_COMBINING_MARKS_REGEXES: readonly RegExp[] = [LETTER_WITH_MARKS];

// The letter-and-mark pairs that are letters of the Ukrainian, Russian and Belarusian alphabets
// (й, ї, ё, ў and their capitals): these marks are spelling, not decoration.
const ALPHABET_PAIRS = new Set(['и\u0306', 'И\u0306', 'і\u0308', 'І\u0308', 'е\u0308', 'Е\u0308', 'у\u0306', 'У\u0306']);

/**
 * NFKC (fullwidth and mathematical letters become plain ones), with every combining mark dropped
 * except those that spell й, ї, ё and ў: "i̶g̶n̶o̶r̶e̶", "ïgnőre" and "игнорӥруй" read "ignore" and
 * "игнорируй", while Ukrainian and Russian words keep their letters. Linear.
 */
export function stripCombiningMarks(text: string): string {
  return text
    .normalize('NFKD')
    .replace(LETTER_WITH_MARKS, (match) => {
      const letter = match.codePointAt(0) !== undefined && /\p{L}/u.test(match[0] ?? '') ? (match[0] ?? '') : '';
      const mark = match[1] ?? '';
      return letter !== '' && ALPHABET_PAIRS.has(letter + mark) ? letter + mark : letter;
    })
    .normalize('NFKC');
}
