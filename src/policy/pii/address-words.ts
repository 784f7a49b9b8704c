/** «собака» and its kin, written for the @ of an address. */
export const AT_WORDS = new Set(['собака', 'собачка', 'sobaka']);
/** «крапка» and its kin, written for a dot of an address. */
export const DOT_WORDS = new Set(['крапка', 'точка', 'dot']);
// The first, second and last letters (either case) of those words: every other word is passed over
// without a lower-case copy (no other unit has one of these letters as its lower case).
const WORDS = [...AT_WORDS, ...DOT_WORDS];
const eitherCase = (pick: (word: string) => string): Set<number> => new Set(WORDS.flatMap((word) => [pick(word).charCodeAt(0), pick(word).toUpperCase().charCodeAt(0)]));
const FIRSTS = eitherCase((word) => word.charAt(0));
const SECONDS = eitherCase((word) => word.charAt(1));
const LASTS = eitherCase((word) => word.charAt(word.length - 1));
const LENGTHS = new Set(WORDS.map((word) => word.length));
/** Whether the word from `at` to `end` may be one of AT_WORDS or DOT_WORDS in any case (a cheap superset). */
export const mayBeAddressWord = (text: string, at: number, end: number): boolean =>
  LENGTHS.has(end - at) && FIRSTS.has(text.charCodeAt(at)) && SECONDS.has(text.charCodeAt(at + 1)) && LASTS.has(text.charCodeAt(end - 1));
