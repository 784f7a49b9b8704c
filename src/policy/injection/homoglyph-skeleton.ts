// Pairs of look-alike (after lower-casing) and the letter it imitates. Every entry maps one UTF-16
// unit to one, so a skeleton has the same length as its view and match positions carry over.
const TO_LATIN =
  'аa вb еe ёe іi їi јj кk мm нh оo пn рp сc тt уy хx ьb ѕs һh ԁd ԛq ԝw ӏl үy ҳx ' +
  'αa βb γy εe ζz ηn ιi κk μu νv οo ρp τt υu χx ωw ϲc ϳj ' +
  'օo սu հh ոn ıi ɡg ɑa ɩi ǀl';
const TO_CYRILLIC = 'aа bв cс eе hн iі kк mм oо pр tт uи xх yу ïї ëё';

function table(pairs: string): Uint16Array {
  const map = new Uint16Array(0x10000);
  for (let unit = 0; unit < map.length; unit++) map[unit] = unit;
  for (const pair of pairs.split(' ')) map[pair.charCodeAt(0)] = pair.charCodeAt(1);
  return map;
}

const LATIN_TABLE = table(TO_LATIN);
const CYRILLIC_TABLE = table(TO_CYRILLIC);

function toUnits(view: string): Uint16Array {
  const units = new Uint16Array(view.length);
  for (let at = 0; at < view.length; at++) units[at] = view.charCodeAt(at);
  return units;
}

// Decoding the code units as UTF-16 is about twice as fast as String.fromCharCode in chunks; typed
// arrays use the platform's byte order, so the decoder is only used where that is little-endian.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const UTF16 = LITTLE_ENDIAN ? new TextDecoder('utf-16le', { ignoreBOM: true }) : undefined;

function fromUnits(units: Uint16Array): string {
  if (UTF16 !== undefined) return UTF16.decode(units);
  let out = '';
  for (let at = 0; at < units.length; at += 8192) out += String.fromCharCode(...units.subarray(at, at + 8192));
  return out;
}

/**
 * The Latin skeleton of a normalised view: every Cyrillic, Greek or Armenian look-alike replaced by
 * the Latin letter it imitates, everywhere, so "іgnоrе" written with Cyrillic і, о, е reads "ignore".
 * Only Latin-script patterns (English, Polish) read it; real Cyrillic words turn into nonsense that
 * no English or Polish phrase matches. Returns the input itself when nothing changed.
 */
export function latinSkeleton(view: string): string {
  // Every look-alike lies above U+0130: a view without such a character is its own skeleton.
  if (!ABOVE_LATIN_EXTENDED.test(view)) return view;
  // A buffer kept from view to view: a typed array made for each was most of this function's time.
  if (skeletonUnits.length < view.length) skeletonUnits = new Uint16Array(view.length * 2);
  const units = skeletonUnits;
  let changed = false;
  for (let at = 0; at < view.length; at++) {
    const unit = view.charCodeAt(at);
    const mapped = LATIN_TABLE[unit] ?? unit;
    units[at] = mapped;
    if (mapped !== unit) changed = true;
  }
  return changed ? fromUnits(units.subarray(0, view.length)) : view;
}

let skeletonUnits = new Uint16Array(1024);

// One search each rules out the loops below for most views (English only, or Ukrainian without Latin letters).
const ABOVE_LATIN_EXTENDED = /[\u0131-\uffff]/;
const ANY_CYRILLIC = /[\u0400-\u04ff]/;
const ANY_LATIN = /[a-z\u00c0-\u024f]/;

const isLatin = (unit: number): boolean => (unit >= 0x61 && unit <= 0x7a) || (unit >= 0xc0 && unit <= 0x24f && unit !== 0xd7 && unit !== 0xf7);
const isCyrillic = (unit: number): boolean => unit >= 0x400 && unit <= 0x4ff;

/**
 * The Cyrillic skeleton of a normalised view: inside words that mix Latin and Cyrillic letters only,
 * Latin look-alikes become Cyrillic ("ігнoруй" with a Latin o reads "ігноруй"). Words in one script
 * are left exactly as written, so real Ukrainian and Russian text, and English words inside it,
 * reach the Cyrillic patterns unchanged. Returns the input itself when no word is mixed.
 */
export function cyrillicSkeleton(view: string): string {
  // No word mixes the scripts where one of them is absent.
  if (!ANY_CYRILLIC.test(view) || !ANY_LATIN.test(view)) return view;
  let units: Uint16Array | undefined;
  let start = 0;
  let latin = false;
  let cyrillic = false;
  for (let at = 0; at <= view.length; at++) {
    const unit = at < view.length ? view.charCodeAt(at) : 0;
    const lat = isLatin(unit);
    const cyr = isCyrillic(unit);
    if (lat || cyr) {
      latin ||= lat;
      cyrillic ||= cyr;
      continue;
    }
    if (latin && cyrillic) {
      units ??= toUnits(view);
      for (let inWord = start; inWord < at; inWord++) units[inWord] = CYRILLIC_TABLE[view.charCodeAt(inWord)] ?? 0;
    }
    start = at + 1;
    latin = false;
    cyrillic = false;
  }
  return units ? fromUnits(units) : view;
}
