import { createRequire } from 'node:module';

// Unicode TR39 confusables (confusables.txt, the "recommended confusable mapping for IDN"), as the
// maintained `unhomoglyph` package ships it: each confusable character mapped to its prototype.
const require = createRequire(import.meta.url);
const PROTOTYPES = require('unhomoglyph/data.json') as Readonly<Record<string, string>>;

type Script = 'latin' | 'cyrillic' | 'greek';

// The letters a folded word may be written in: plain lower-case letters of each script.
const TARGETS: Readonly<Record<Script, string>> = {
  latin: 'abcdefghijklmnopqrstuvwxyz',
  cyrillic: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёъыэ',
  greek: 'αβγδεζηθικλμνξοπρστυφχψω',
};

const prototypeOf = (char: string): string => PROTOTYPES[char] ?? char;

// For each script, prototype -> the plain letter of that script with that prototype ("o" -> Cyrillic
// о, Greek ο, Latin o), built once from the TR39 table.
const BY_PROTOTYPE: Readonly<Record<Script, ReadonlyMap<string, string>>> = {
  latin: reverse(TARGETS.latin),
  cyrillic: reverse(TARGETS.cyrillic),
  greek: reverse(TARGETS.greek),
};

function reverse(letters: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const letter of letters) {
    const prototype = prototypeOf(letter);
    if (!map.has(prototype)) map.set(prototype, letter);
  }
  return map;
}

function scriptOf(code: number): Script | undefined {
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0xdf && code <= 0x24f)) return 'latin';
  if (code >= 0x400 && code <= 0x52f) return 'cyrillic';
  if (code >= 0x370 && code <= 0x3ff) return 'greek';
  return undefined;
}

const WORD = /\p{L}+/gu;

/** The regexes of this step, for the linearity test. */
export const FOLD_CONFUSABLES_REGEXES: readonly RegExp[] = [WORD];

/**
 * Folds look-alike letters inside words that mix scripts, using the TR39 confusables table: each
 * word that mixes Latin, Cyrillic and Greek letters is rewritten in the first script (most letters
 * first) into which every letter of it maps (a mostly Cyrillic word with Latin letters no table maps,
 * «забуdь», as transliterated), so "іgnоrе" with Cyrillic і, о, е reads "ignore" and
 * "ігнοруй" with a Greek ο reads "ігноруй". Words in one script are left exactly as written. Expects
 * lower-case text. Linear: each letter is looked up once per candidate script.
 */
export function foldConfusables(text: string): string {
  // One pass over the characters; only words that mix scripts are rewritten.
  let mixed = false;
  let seen = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const bit = scriptBit(code);
    if (bit === 0) {
      if (!isOtherLetter(code)) seen = 0;
      continue;
    }
    seen |= bit;
    if ((seen & (seen - 1)) !== 0) {
      mixed = true;
      break;
    }
  }
  return mixed ? foldWords(text) : text;
}

// Letters (\p{L}) by UTF-16 unit, asked of the regex once each: 0 not asked, 1 a letter, 2 not.
const LETTER_UNITS = new Uint8Array(0x10000);
const LETTER = /^\p{L}$/u;

/** How many units the letter at `at` takes (2 for a supplementary letter), or 0 when none starts there: WORD's \p{L} by code point. */
function letterAt(text: string, at: number): number {
  const unit = text.charCodeAt(at);
  if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return LETTER.test(text.slice(at, at + 2)) ? 2 : 0;
  }
  let known = LETTER_UNITS[unit] as number;
  if (known === 0) {
    known = LETTER.test(String.fromCharCode(unit)) ? 1 : 2;
    LETTER_UNITS[unit] = known;
  }
  return known === 1 ? 1 : 0;
}


/** The replacement {@link foldWords} does by hand, for tests. */
export function foldWordsByRegex(text: string): string {
  return text.replace(WORD, foldWord);
}

/**
 * `text.replace(WORD, foldWord)` by hand (exported for tests): a document with one mixed word had
 * every word of it through a replacement callback. Only words in two scripts or more are copied and folded.
 */
export function foldWords(text: string): string {
  let out = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    let size = letterAt(text, at);
    if (size === 0) {
      at++;
      continue;
    }
    const start = at;
    let seen = 0;
    while (size > 0) {
      seen |= scriptBit(text.charCodeAt(at));
      at += size;
      size = at < text.length ? letterAt(text, at) : 0;
    }
    if ((seen & (seen - 1)) === 0) continue;
    out += text.slice(copied, start) + foldWord(text.slice(start, at));
    copied = at;
  }
  return out + text.slice(copied);
}

// scriptOf as one bit a script (Latin 1, Cyrillic 2, Greek 4; 0 none), for the pass over every character.
const scriptBit = (code: number): number => ((code >= 0x61 && code <= 0x7a) || (code >= 0xdf && code <= 0x24f) ? 1 : code >= 0x400 && code <= 0x52f ? 2 : code >= 0x370 && code <= 0x3ff ? 4 : 0);
// Letters of other scripts keep a word together ("ʼ" in Ukrainian words is not a letter, so it splits).
const isOtherLetter = (code: number): boolean => code >= 0x250 && code < 0x370;

function foldWord(word: string): string {
  const counts: Record<Script, number> = { latin: 0, cyrillic: 0, greek: 0 };
  let scripts = 0;
  for (let at = 0; at < word.length; at++) {
    const script = scriptOf(word.charCodeAt(at));
    if (script === undefined) continue;
    if (counts[script] === 0) scripts++;
    counts[script]++;
  }
  if (scripts < 2) return word;
  const order = (Object.keys(counts) as Script[]).filter((s) => counts[s] > 0).sort((a, b) => counts[b] - counts[a]);
  // A script every letter of the word looks like comes first: «аsіdе» (three Cyrillic letters, two Latin) is
  // "aside" written in look-alikes, not «асіде» with its Latin letters read as transliterated.
  const mostlyCyrillic = counts.cyrillic > counts.latin;
  for (const target of order) {
    const folded = foldInto(word, target, false, target === 'cyrillic' && mostlyCyrillic);
    if (folded !== undefined) return folded;
  }
  return (mostlyCyrillic ? foldInto(word, 'cyrillic', true, true) : undefined) ?? word;
}

// Latin letters typed for the Cyrillic letter they transliterate, not one they look like: «забуdь»,
// «праviла». Read only inside a word that is mostly Cyrillic, after the look-alike table had no letter.
const TRANSLITERATED: ReadonlyMap<string, string> = new Map(Object.entries({ b: 'б', d: 'д', f: 'ф', g: 'г', h: 'х', j: 'й', l: 'л', m: 'м', n: 'н', r: 'р', s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', z: 'з' }));

function foldInto(word: string, target: Script, transliterate: boolean, rAsCyrillicEr: boolean): string | undefined {
  let out = '';
  for (const char of word) {
    const script = scriptOf(char.charCodeAt(0));
    if (script === undefined || script === target) {
      out += char;
      continue;
    }
    // Lower-case r looks like г only by accident of its shape: typed in a Cyrillic word it is р.
    const letter = (rAsCyrillicEr && char === 'r' ? 'р' : undefined) ?? BY_PROTOTYPE[target].get(prototypeOf(char)) ?? (transliterate ? TRANSLITERATED.get(char) : undefined);
    if (letter === undefined) return undefined;
    out += letter;
  }
  return out;
}
