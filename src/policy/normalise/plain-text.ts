// The blocks most text the guard reads is written in: ASCII, Latin-1 and Latin Extended, Greek,
// Cyrillic, general punctuation, currency signs (₴), arrows, mathematical operators, technical
// signs, box drawing, shapes, symbols and dingbats. Characters outside them always take the full pipeline.
const RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x052f],
  [0x2000, 0x20cf],
  [0x2190, 0x23ff],
  [0x2500, 0x27bf],
];
const END = 0x27c0;

// The letters whose decomposition's mark `stripCombiningMarks` keeps, so they come back as they were.
const ALPHABET_LETTERS = 'йЙїЇёЁўЎ';
const MARK = /\p{M}/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const BLANK_LOOKING = /[\u2800\u3164\u115F\u1160\uFFA0]/;
const GREEK_OR_CYRILLIC = /[\u0370-\u052f]/u;

/** A unit the first steps of the canonical view leave as it is, or replace by its NFKC form. */
const PLAIN = 1;
/** The unit, or its NFKC form, is Greek or Cyrillic: look-alike folding may have a word to fold. */
export const GREEK_OR_CYRILLIC_PLAIN = 2;
/** The unit becomes its NFKC form (… → ..., a no-break space → a space, ² → 2). */
export const COMPATIBLE = 4;

interface Plain {
  readonly kinds: Uint8Array;
  readonly forms: readonly string[];
}

let built: Plain | undefined;

/**
 * Per UTF-16 unit: 0 when removing invisible characters, NFKC or dropping marks may do anything to
 * it but leave it or give its own NFKC form (or it is outside the blocks above); else PLAIN with the
 * flags above. Built once, from Unicode itself: a unit is left as it is when NFKD leaves it and it is
 * no mark, no invisible or blank-looking character, or when it is one of й, ї, ё, ў and their
 * capitals, whose mark `stripCombiningMarks` puts back; it becomes its NFKC form when that is NFKD's
 * too and made of units left as they are. No two such units compose under NFKC (no composite in
 * these blocks decomposes into two starters; plain-text.test.ts checks every composite).
 */
function plainTable(): Plain {
  if (built !== undefined) return built;
  const kinds = new Uint8Array(END);
  const forms: string[] = [];
  const kept = (char: string): boolean => ALPHABET_LETTERS.includes(char) || (char.normalize('NFKD') === char && !MARK.test(char) && !IGNORABLE.test(char) && !BLANK_LOOKING.test(char));
  for (const [first, last] of RANGES) {
    for (let unit = first; unit <= last; unit++) {
      const char = String.fromCharCode(unit);
      if (kept(char)) kinds[unit] = PLAIN | (GREEK_OR_CYRILLIC.test(char) ? GREEK_OR_CYRILLIC_PLAIN : 0);
    }
  }
  for (const [first, last] of RANGES) {
    for (let unit = first; unit <= last; unit++) {
      const char = String.fromCharCode(unit);
      const form = char.normalize('NFKC');
      if (kinds[unit] !== 0 || form !== char.normalize('NFKD') || MARK.test(char) || IGNORABLE.test(char) || BLANK_LOOKING.test(char)) continue;
      if (![...form].every((part) => part.length === 1 && part.charCodeAt(0) < END && kinds[part.charCodeAt(0)] !== 0)) continue;
      kinds[unit] = PLAIN | COMPATIBLE | (GREEK_OR_CYRILLIC.test(form) ? GREEK_OR_CYRILLIC_PLAIN : 0);
      forms[unit] = form;
    }
  }
  built = { kinds, forms };
  return built;
}

/**
 * What invisible characters, NFKC and combining marks do to `text` when that is simple: -1 when they
 * may do anything (the full pipeline runs), else the flags of its characters ({@link COMPATIBLE}:
 * some become their NFKC form, see {@link compatibleForms}; {@link GREEK_OR_CYRILLIC_PLAIN}). One
 * pass with a table lookup a character; most requests and documents are plain, and then the regex
 * and normalisation passes of those steps are skipped.
 */
export function plainKind(text: string): number {
  // The canonical view and the rules' matching view of one text both ask (two: a reading's view may come between).
  if (text === recentKinds[0].text) return recentKinds[0].kind;
  if (text === recentKinds[1].text) return recentKinds[1].kind;
  const kind = computeKind(text);
  recentKinds[1] = recentKinds[0];
  recentKinds[0] = { text, kind };
  return kind;
}

const recentKinds: [{ readonly text: string | undefined; readonly kind: number }, { readonly text: string | undefined; readonly kind: number }] = [
  { text: undefined, kind: -1 },
  { text: undefined, kind: -1 },
];

function computeKind(text: string): number {
  const { kinds } = plainTable();
  let flags = PLAIN;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    const kind = unit < END ? (kinds[unit] as number) : 0;
    if (kind === 0) return -1;
    flags |= kind;
  }
  return flags;
}

/** A text {@link plainKind} found {@link COMPATIBLE} with those characters in their NFKC form: what stripping invisible characters and marks gives it. */
export function compatibleForms(text: string): string {
  const { kinds, forms } = plainTable();
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (((kinds[unit] as number) & COMPATIBLE) === 0) continue;
    out += text.slice(copied, at) + (forms[unit] as string);
    copied = at + 1;
  }
  return out + text.slice(copied);
}

/** Every unit {@link plainKind} accepts, and those it gives its NFKC form, for tests. */
export function plainUnits(): { readonly kept: number[]; readonly compatible: number[] } {
  const { kinds } = plainTable();
  const kept: number[] = [];
  const compatible: number[] = [];
  for (let unit = 0; unit < END; unit++) {
    const kind = kinds[unit] as number;
    if (kind === 0) continue;
    if ((kind & COMPATIBLE) !== 0) compatible.push(unit);
    else kept.push(unit);
  }
  return { kept, compatible };
}
