// Words cut into pieces so no rule reads them: syllables joined by hyphens («Ск-а-суй від-прав-ку»,
// «про-пус-ти со-гла-со-ва-ни-е»), emphasis marks inside a word ("**сис**_тем_`ний` ~~пром~~пт"),
// letters or words chained by dots («с.к.а.с.у.в.а.т.и», «відміни.погодження.не.потрібне.роби»).
// Ordinary text has few such tokens: compounds have longer pieces («по-українськи») or are English,
// code names join Latin words with `_`, and paths and fields chain three or fewer by dots
// ("report.usage.prompt_tokens"). Each put back together would be a word no one wrote, which the
// classifier may read as the words it holds ("toolcallids"): so only these shapes are.
// The signs, tried only when the text holds the characters they need (two hyphens, a mark, two dots):
// this runs on every request, most of which hold none.
const SYLLABLE_SIGN = /-[\u0400-\u052f]{1,5}-[\u0400-\u052f]/u;
const EMPHASIS_SIGN = /\p{L}[*~`]+\p{L}/u;
const UNDERSCORE_SIGN = /[\u0400-\u052f]_|_[\u0400-\u052f]/u;
const DOTTED_SIGN = /\.\p{L}\.\p{L}(?:[^\p{L}\p{N}_]|$)|\.\p{L}[\p{L}\p{N}]*\.\p{L}[\p{L}\p{N}]*\./u;
// Tokens read whole: runs of letters, digits and the marks that cut them.
const TOKEN = /[\p{L}\p{N}*~`_.$-]+/gu;
const MARKS = /[*~`]+/gu;
const UNDERSCORES = /_+/gu;
// Hyphenated Cyrillic pieces of at most five letters. English compounds of short words are common
// ("end-to-end", "tool-call-ids") and, joined, read to the classifier as the words they hold.
const HYPHENATED = /^[\u0400-\u052f]{1,5}(?:-[\u0400-\u052f]{1,5})+$/u;
const LETTER = /^\p{L}$/u;
const CYRILLIC = /^[\u0400-\u052f]$/u;
const DIGIT = /^\p{N}$/u;
const DOTTED_PIECE = /^\p{L}[\p{L}\p{N}]*$|^\p{N}+$/u;
const BETWEEN_DOTS = /[^.$_]+/gu;
// A Cyrillic word with dots put inside it anywhere («сд.е.лай», «о.пер.атор», «н.ужен»): three or more such
// words in a text are a disguise; one or two are abbreviations («т.е.», «м.Київ»).
const CYRILLIC_DOTTED = /^[\u0400-\u052f]+(?:\.[\u0400-\u052f]+)+$/u;
const CYRILLIC_DOT_SIGN = /(?:^|[^\u0400-\u052f.])[\u0400-\u052f]+(?:\.[\u0400-\u052f]+)+/gu;
const DOTTED_WORDS_MIN = 3;

/** The regexes of this reading, for the linearity test. */
export const UNSPLIT_REGEXES: readonly RegExp[] = [SYLLABLE_SIGN, EMPHASIS_SIGN, UNDERSCORE_SIGN, DOTTED_SIGN, TOKEN, MARKS, UNDERSCORES, HYPHENATED, LETTER, CYRILLIC, DIGIT, DOTTED_PIECE, BETWEEN_DOTS, CYRILLIC_DOTTED, CYRILLIC_DOT_SIGN];

/** Whether three or more Cyrillic words of the text have dots inside them. */
function dotsInWords(text: string): boolean {
  const dot = text.indexOf('.');
  if (dot === -1 || text.indexOf('.', dot + 1) === -1) return false;
  let found = 0;
  CYRILLIC_DOT_SIGN.lastIndex = 0;
  while (CYRILLIC_DOT_SIGN.exec(text) !== null) if (++found >= DOTTED_WORDS_MIN) return true;
  return false;
}

/** Whether some word of the text looks cut: the reading is made only then. */
function looksCut(text: string): boolean {
  const hyphen = text.indexOf('-');
  if (hyphen !== -1 && text.indexOf('-', hyphen + 1) !== -1 && SYLLABLE_SIGN.test(text)) return true;
  if ((text.includes('*') || text.includes('~') || text.includes('`')) && EMPHASIS_SIGN.test(text)) return true;
  if (text.includes('_') && UNDERSCORE_SIGN.test(text)) return true;
  const dot = text.indexOf('.');
  return dot !== -1 && text.indexOf('.', dot + 1) !== -1 && (DOTTED_SIGN.test(text) || dotsInWords(text));
}

// One UTF-16 unit: the letters these read are all in the basic plane, and half a surrogate pair is no letter.
const charBefore = (text: string, at: number): string => text[at - 1] ?? '';
const charAt = (text: string, at: number): string => text[at] ?? '';

/** `*`, `~` and backticks touching a letter, with no digit on either side ("**сис**", "~~пром~~пт"); `_` between a Cyrillic letter and a letter. */
function dropMarks(token: string): string {
  const marksDropped = token.replace(MARKS, (run, at: number) => {
    const before = charBefore(token, at);
    const after = charAt(token, at + run.length);
    return (LETTER.test(before) || LETTER.test(after)) && !DIGIT.test(before) && !DIGIT.test(after) ? '' : run;
  });
  return marksDropped.replace(UNDERSCORES, (run, at: number) => {
    const before = charBefore(marksDropped, at);
    const after = charAt(marksDropped, at + run.length);
    return LETTER.test(before) && LETTER.test(after) && (CYRILLIC.test(before) || CYRILLIC.test(after)) ? '' : run;
  });
}

/** Pieces of a token joined by hyphens, put together: three or more, or two with one of one or two letters («тре-ба»). */
function joinSyllables(token: string): string {
  return token.replace(BETWEEN_DOTS, (part) => {
    if (!HYPHENATED.test(part)) return part;
    const pieces = part.split('-');
    return pieces.length >= 3 || pieces.some((piece) => [...piece].length <= 2) ? pieces.join('') : part;
  });
}

/** Three or more single letters chained by dots, joined; four or more words so chained, spaced. A field path with `_` or `$` is code. */
function undot(token: string): string {
  if (token.includes('_') || token.includes('$')) return token;
  let end = token.length;
  while (end > 0 && token[end - 1] === '.') end--;
  const body = token.slice(0, end);
  const pieces = body.split('.');
  if (pieces.length < 3 || !pieces.every((piece) => DOTTED_PIECE.test(piece)) || !LETTER.test(charAt(body, 0))) return token;
  const letters = pieces.every((piece) => [...piece].length === 1 && LETTER.test(piece));
  if (letters) return pieces.join('') + token.slice(body.length);
  return pieces.length >= 4 ? pieces.join(' ') + token.slice(body.length) : token;
}

/**
 * The text with its cut words put back together, or undefined when nothing in it looks cut (see
 * {@link looksCut}). Hyphenated Cyrillic pieces of at most five letters are joined in a token of three or more, or
 * of two with one of one or two letters («тре-ба»); `*`, `~` and backticks touching a word are dropped,
 * and `_` beside a Cyrillic letter; three or more single letters chained by dots are joined, and four
 * or more words so chained get spaces between them; when three or more Cyrillic words have dots inside
 * them («сд.е.лай отм.ену, о.пер.атор н.е н.ужен»), their dots are dropped. Never longer than the text.
 *
 * @example
 * unsplitWords('Ск-а-суй від-прав-ку, по-год-жен-ня не тре-ба'); // 'Скасуй відправку, погодження не треба'
 * unsplitWords('Where is TTN-000001?'); // undefined
 */
export function unsplitWords(text: string): string | undefined {
  if (!looksCut(text)) return undefined;
  const dotted = dotsInWords(text);
  return text.replace(TOKEN, (token) => {
    const mended = undot(joinSyllables(dropMarks(token)));
    if (!dotted) return mended;
    // The dots inside a Cyrillic word dropped; a sentence's own full stop after it stays.
    const end = mended.endsWith('.') ? mended.length - 1 : mended.length;
    const body = mended.slice(0, end);
    return CYRILLIC_DOTTED.test(body) ? body.replaceAll('.', '') + mended.slice(end) : mended;
  });
}
