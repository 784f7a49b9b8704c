/** «собака» and its kin, written for the @ of an address. */
export const AT_WORDS = new Set(['собака', 'собачка', 'sobaka']);
/** «крапка» and its kin, written for a dot of an address. */
export const DOT_WORDS = new Set(['крапка', 'точка', 'dot']);
// The first letters (either case) of those words: every other word is passed over without a lower-case copy.
const ADDRESS_WORD_FIRSTS = new Set([...AT_WORDS, ...DOT_WORDS].flatMap((word) => [word.charCodeAt(0), word.toUpperCase().charCodeAt(0)]));
const ADDRESS_WORD_LENGTHS = new Set([...AT_WORDS, ...DOT_WORDS].map((word) => word.length));
/** Whether the word from `at` to `end` may be one of AT_WORDS or DOT_WORDS in any case (a cheap superset). */
export const mayBeAddressWord = (text: string, at: number, end: number): boolean => ADDRESS_WORD_LENGTHS.has(end - at) && ADDRESS_WORD_FIRSTS.has(text.charCodeAt(at));
