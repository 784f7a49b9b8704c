const LETTER_WITH_MARKS = /\p{L}?\p{M}+/gu;
const MARK = /\p{M}/gu;

/** The regexes of this step, for the linearity test. */
export const STRIP_COMBINING_MARKS_REGEXES: readonly RegExp[] = [LETTER_WITH_MARKS, MARK];

// The letter-and-mark pairs that are letters of the Ukrainian, Russian and Belarusian alphabets
// (й, ї, ё, ў and their capitals): these marks are spelling, not decoration.
const ALPHABET_PAIRS = new Set(['и\u0306', 'И\u0306', 'і\u0308', 'І\u0308', 'е\u0308', 'Е\u0308', 'у\u0306', 'У\u0306']);

/**
 * NFKC (fullwidth and mathematical letters become plain ones), with every combining mark dropped
 * except those that spell й, ї, ё and ў: "i̶g̶n̶o̶r̶e̶", "ïgnőre" and "игнорӥруй" read "ignore" and
 * "игнорируй", while Ukrainian and Russian words keep their letters. Linear.
 */
export function stripCombiningMarks(text: string): string {
  const decomposed = text.normalize('NFKD');
  // Most text has no marks but those of й, ї, ё and ў, which stay: then the result is the text
  // recomposed, and the costly letter-and-marks search (a tried letter at every position) is skipped.
  if (onlyAlphabetMarks(decomposed)) return decomposed.normalize('NFKC');
  return decomposed
    .replace(LETTER_WITH_MARKS, (match) => {
      const letter = match.codePointAt(0) !== undefined && /\p{L}/u.test(match[0] ?? '') ? (match[0] ?? '') : '';
      const mark = match[1] ?? '';
      return letter !== '' && ALPHABET_PAIRS.has(letter + mark) ? letter + mark : letter;
    })
    .normalize('NFKC');
}

// Whether every combining mark of a decomposed text stands alone after the letter it spells one of
// the alphabet letters with (й, ї, ё, ў): LETTER_WITH_MARKS would put every such pair back as it was.
function onlyAlphabetMarks(decomposed: string): boolean {
  MARK.lastIndex = 0;
  for (let match = MARK.exec(decomposed); match !== null; match = MARK.exec(decomposed)) {
    const at = match.index;
    const before = decomposed.charCodeAt(at - 1);
    const letter = at > 0 && before >= 0x41 && before < 0xd800 ? decomposed[at - 1] ?? '' : '';
    const next = decomposed.slice(at + match[0].length, at + match[0].length + 2);
    if (letter === '' || !ALPHABET_PAIRS.has(letter + match[0]) || (next !== '' && /^\p{M}/u.test(next))) {
      MARK.lastIndex = 0;
      return false;
    }
  }
  return true;
}
