import { INTENT_CONCEPTS } from './intent-concepts.js';
import type { IntentConcept } from './intent-concepts.js';

// How the intent detectors (intent-detectors.ts) read a canonical view: cut into sentences, each read
// once for the concepts of intent-concepts.ts at the word they start, and for the markers below.

/** A concept, or what a regular expression finds in the sentence: a link or quote, an approval flag, one sum asked in place of another. */
export type Marker = IntentConcept | 'payload' | 'approval_flag' | 'sum_swap' | 'named_person' | 'digits_given';

/** Concepts of one sentence: which are present, at which word each occurs (for nearness), and the number after its last word. */
export interface SentenceConcepts {
  readonly present: ReadonlySet<Marker>;
  readonly at: ReadonlyMap<IntentConcept, readonly number[]>;
  readonly words: number;
}

/** Sentences longer than this are read in pieces of this length, cut at a space: padding cannot push an intent out of reach, and each piece costs the same. */
const SENTENCE_CHARS = 400;
/** Links and quoted text: what a hijacked answer is told to carry. */
const PAYLOAD = /https?:\/\/|www\.|[a-z0-9-]\.(?:example|com|net|org|ua|io|xyz|site|online|link|top|biz|info)\b|(?:^|[\s:(])['"«“„][^'"«»“”„\n]{1,80}['"»”“](?=$|[\s.,!?;:)])/u;
/** A key set to approved in data or a request (the key's tail bounded, so the scan stays linear): `refund_approved=true`, `approval: granted`, `"approved": true`, «погоджено: так». */
const APPROVAL_FLAG = /(?:approv|authori[sz]|confirm|verif|погодж|схвал|підтвердж|соглас|одобр|подтвержд)[\p{L}_]{0,30}["']? ?[=:] ?["']?(?:true|yes|granted|ok|1|так|да)(?![\p{L}\p{N}])/u;
/** One sum asked in place of another: "12000 instead of 3000", «5000 грн замість 2000», «9000, а не 3000». */
// The second number must be a sum: "instead of 3 cups" names goods, not money.
const SUM_SWAP = /\d ?(?:грн|uah|₴|usd|eur|руб|\$|€)?\.?,? (?:instead of|rather than|not|замість|а не|вместо) (?:the |those |ті |тих |те |тех )?\d[\d,.]{0,12}(?: ?(?:грн|грив|uah|₴|usd|eur|руб|\$|€|hryvn|dollar|долар|доллар)|(?! ?\p{L}))/u;
const SUM_SWAPS = new RegExp(SUM_SWAP.source, 'gu');
// A sum raised in so many words: «не 700, а 7000», "not 700 but 7000"; «зміни суму з 1 800 на 18 000» (the
// Ukrainian and Russian "from … to" of a change; "з 3 до 5 днів" is a range, and so is English "from … to").
// The second number is a sum: a currency, no word, or the parcel it is for after it («з 10 на 12 грудня» moves a date).
const RAISED = /(?:^|[^\p{L}])(?:не|not|з|із|с) (\d[\d ,.]{0,12}\d|\d)(?: ?(?:грн|uah|₴|usd|eur|руб|\$|€))?\.?,? (?:а|but|але|но|на) (\d[\d ,.]{0,12}\d|\d)(?: ?(?:грн|грив|uah|₴|usd|eur|руб|\$|€)|(?! ?\p{L})|(?= (?:за|по|для|for|on|ttn|ттн)(?!\p{L})))/gu;
const AMOUNT_CHAR = /[\d ,.]/u;
const NOT_DIGITS = /^\D+/u;
const AMOUNT = /\d[\d ,.]*\d|\d/u;
const GROUPING = /[ ,]/g;
const THOUSANDS_DOT = /\.(?=\d{3}(?!\d))/g;
/** Initials after a surname («сидоренко в.п.»), read right after a word of three letters or more. */
const INITIALS = /^ \p{L}\. ?\p{L}\.(?![\p{L}])/u;
const LETTERS = /\p{L}+/gu;
/** Four digits or more in a row: the last digits of a card given, not asked («последние цифры 4455»). */
const FOUR_DIGITS = /\d{4}/u;
const PATRONYMIC_ENDINGS = ['ович', 'евич', 'йович', 'ьович', 'івна', 'ївна', 'овна', 'евна'];
/** A person named in full: a patronymic («сергеевич», «іванівна», two letters at least before the ending) or a surname with initials. */
const namesPerson = (sentence: string): boolean => {
  for (const match of sentence.matchAll(LETTERS)) {
    const word = match[0];
    if (PATRONYMIC_ENDINGS.some((ending) => word.length >= ending.length + 2 && word.endsWith(ending))) return true;
    const end = match.index + word.length;
    if (word.length >= 3 && sentence.charCodeAt(end) === 0x20 && INITIALS.test(sentence.slice(end, end + 8))) return true;
  }
  return false;
};
/** The markers' regular expressions, for the linearity test. */
export const SENTENCE_MARKER_REGEXES: readonly RegExp[] = [PAYLOAD, APPROVAL_FLAG, SUM_SWAP, SUM_SWAPS, RAISED, AMOUNT_CHAR, NOT_DIGITS, AMOUNT, GROUPING, THOUSANDS_DOT, INITIALS, LETTERS, FOUR_DIGITS];

/** A number written with thousands grouped by spaces, commas or a dot ("1 800", "1,500", "12.000"), or with decimals ("373.5"). */
const amountOf = (digits: string): number => Number(digits.replace(GROUPING, '').replace(THOUSANDS_DOT, ''));

/**
 * Whether the sentence asks one sum in place of a smaller one ("refund 12000 instead of 3000", «не 700,
 * а 7000», «з 1 800 на 18 000»). A sum named in place of a larger one is a complaint: «прийшло 1 800
 * замість 3 000», "came through as 1,200 instead of 1,500".
 */
function asksMore(sentence: string): boolean {
  for (const [, first, second] of sentence.matchAll(RAISED)) if (amountOf(first ?? '') < amountOf(second ?? '')) return true;
  for (const match of sentence.matchAll(SUM_SWAPS)) {
    // The match starts at the first sum's last digit: its other digits come before.
    let from = match.index;
    while (from > 0 && AMOUNT_CHAR.test(sentence.charAt(from - 1))) from--;
    const first = amountOf(sentence.slice(from, match.index + 1).trim());
    const second = amountOf(AMOUNT.exec(sentence.slice(match.index + 1).replace(NOT_DIGITS, ''))?.[0] ?? '');
    if (!(first < second)) return true;
  }
  return false;
}

/** Whether concept `a` occurs at a word and `b` at most `words` words after it. */
export function near(s: SentenceConcepts, a: IntentConcept, b: IntentConcept, words: number): boolean {
  const as = s.at.get(a);
  const bs = s.at.get(b);
  if (as === undefined || bs === undefined) return false;
  return as.some((i) => bs.some((j) => j > i && j - i <= words));
}

/** Two sentences' concepts read as one (a clause's span). */
export function join(a: SentenceConcepts, b: SentenceConcepts): SentenceConcepts {
  const at = new Map<IntentConcept, readonly number[]>(a.at);
  for (const [concept, positions] of b.at) at.set(concept, [...(at.get(concept) ?? []), ...positions]);
  return { present: new Set([...a.present, ...b.present]), at, words: b.words };
}

const NONE: ReadonlySet<Marker> = new Set();
const NO_POSITIONS: ReadonlyMap<IntentConcept, readonly number[]> = new Map();

// Stems of two characters by a hash of them, of three by a hash of those, of four by those four and
// longer ones by their first five (every stem has two or more), so each word looks up four short lists
// without copying its start: Ukrainian and Russian share many starts («по», «не », «пов»: a list by three
// characters held up to 52 stems, 3.3 checked a word of the bench's text, 1.4 by four). A list may
// hold stems of other starts; each is checked whole. The order stems are found in is no matter: a
// sentence's concepts are a set and their word positions are only searched and counted.
const STEM_BUCKETS_LOG2 = 12;
const LONG_STEM_BUCKETS_LOG2 = 13;
const LONGER_STEM_BUCKETS_LOG2 = 13;
const stemBucket = (first: number, second: number): number => (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> (32 - STEM_BUCKETS_LOG2);
const longStemBucket = (first: number, second: number, third: number): number =>
  (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77) ^ Math.imul(third, 0xc2b2ae3d)) >>> (32 - LONG_STEM_BUCKETS_LOG2);
const longerStemBucket = (first: number, second: number, third: number, fourth: number): number =>
  (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77) ^ Math.imul(third, 0xc2b2ae3d) ^ Math.imul(fourth, 0x27d4eb2f)) >>> (32 - LONGER_STEM_BUCKETS_LOG2);
type Stem = { readonly stem: string; readonly whole: boolean; readonly concept: IntentConcept };
const SHORT_STEMS = new Array<Stem[] | undefined>(1 << STEM_BUCKETS_LOG2);
const LONG_STEMS = new Array<Stem[] | undefined>(1 << LONG_STEM_BUCKETS_LOG2);
const LONGER_STEMS = new Array<Stem[] | undefined>(1 << LONGER_STEM_BUCKETS_LOG2);
// Stems of five characters or more by their first five: by four, a word as common as "your", "all" or
// «пере…» checked 26 to 48 stems each time it occurred.
const LONGEST_STEMS = new Array<Stem[] | undefined>(1 << LONGER_STEM_BUCKETS_LOG2);
const longestStemBucket = (first: number, second: number, third: number, fourth: number, fifth: number): number =>
  (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77) ^ Math.imul(third, 0xc2b2ae3d) ^ Math.imul(fourth, 0x27d4eb2f) ^ Math.imul(fifth, 0x165667b1)) >>> (32 - LONGER_STEM_BUCKETS_LOG2);
for (const [concept, stems] of Object.entries(INTENT_CONCEPTS) as [IntentConcept, readonly string[]][]) {
  for (const raw of stems) {
    const whole = raw.endsWith('$');
    const stem = whole ? raw.slice(0, -1) : raw;
    if (stem.length === 2) (SHORT_STEMS[stemBucket(stem.charCodeAt(0), stem.charCodeAt(1))] ??= []).push({ stem, whole, concept });
    else if (stem.length === 3) (LONG_STEMS[longStemBucket(stem.charCodeAt(0), stem.charCodeAt(1), stem.charCodeAt(2))] ??= []).push({ stem, whole, concept });
    else if (stem.length === 4) (LONGER_STEMS[longerStemBucket(stem.charCodeAt(0), stem.charCodeAt(1), stem.charCodeAt(2), stem.charCodeAt(3))] ??= []).push({ stem, whole, concept });
    else (LONGEST_STEMS[longestStemBucket(stem.charCodeAt(0), stem.charCodeAt(1), stem.charCodeAt(2), stem.charCodeAt(3), stem.charCodeAt(4))] ??= []).push({ stem, whole, concept });
  }
}

// Letters and digits of the canonical view (lower case Latin, Latin-1 and Latin Extended, Greek and
// Cyrillic), `_` and the apostrophe inside "пам'ятай": a table, as this is read once per character.
const isWordChar = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === 0x27 || (code >= 0xdf && code <= 0x24f) || (code >= 0x370 && code <= 0x52f);
const WORD_UNIT = new Uint8Array(0x10000).map((_, code) => (isWordChar(code) ? 1 : 0));

/** The concepts of a sentence so far and the words they occur at. */
interface Found {
  readonly present: Set<Marker>;
  readonly at: Map<IntentConcept, number[]>;
}

/** Adds the concepts of the stems among `candidates` that start the word at `i` (word number `word`) and end by `end`. */
function addStems(found: Found | undefined, candidates: readonly Stem[], view: string, i: number, end: number, word: number): Found | undefined {
  let out = found;
  for (const { stem, whole, concept } of candidates) {
    const after = i + stem.length;
    if (after > end || !view.startsWith(stem, i) || (whole && after < end && isWordChar(view.charCodeAt(after)))) continue;
    out ??= { present: new Set(), at: new Map() };
    out.present.add(concept);
    const list = out.at.get(concept) ?? [];
    list.push(word);
    out.at.set(concept, list);
  }
  return out;
}

/** The concepts of one sentence of a canonical view, for tests. */
export function sentenceConcepts(sentence: string): ReadonlySet<string> {
  return conceptsOf(sentence, 0, sentence.length, 0).present;
}

/** The concepts of the sentence `view.slice(start, end)`, read in place. */
export function conceptsOf(view: string, start: number, end: number, firstWord: number): SentenceConcepts {
  // Built on the first concept found: most sentences of ordinary text have none.
  let found: Found | undefined;
  let word = firstWord - 1;
  for (let i = start; i < end; i++) {
    if (WORD_UNIT[view.charCodeAt(i)] === 0) continue;
    // A word starts here; its other characters are passed over at the end.
    word++;
    if (i + 2 <= end) {
      const short = SHORT_STEMS[stemBucket(view.charCodeAt(i), view.charCodeAt(i + 1))];
      const long = i + 3 <= end ? LONG_STEMS[longStemBucket(view.charCodeAt(i), view.charCodeAt(i + 1), view.charCodeAt(i + 2))] : undefined;
      const longer = i + 4 <= end ? LONGER_STEMS[longerStemBucket(view.charCodeAt(i), view.charCodeAt(i + 1), view.charCodeAt(i + 2), view.charCodeAt(i + 3))] : undefined;
      if (short !== undefined) found = addStems(found, short, view, i, end, word);
      if (long !== undefined) found = addStems(found, long, view, i, end, word);
      const longest = i + 5 <= end ? LONGEST_STEMS[longestStemBucket(view.charCodeAt(i), view.charCodeAt(i + 1), view.charCodeAt(i + 2), view.charCodeAt(i + 3), view.charCodeAt(i + 4))] : undefined;
      if (longer !== undefined) found = addStems(found, longer, view, i, end, word);
      if (longest !== undefined) found = addStems(found, longest, view, i, end, word);
    }
    while (i + 1 < end && WORD_UNIT[view.charCodeAt(i + 1)] === 1) i++;
  }
  // A link or a quote counts only beside other concepts: no clause reads it alone.
  if (found === undefined) return { present: NONE, at: NO_POSITIONS, words: word + 1 };
  const { present, at } = found;
  // Words as common as «чи», "if" or "why" only qualify another concept: no marker is read beside them alone.
  if (onlyQualifiers(present)) return { present, at, words: word + 1 };
  const sentence = view.slice(start, end);
  if (PAYLOAD.test(sentence)) present.add('payload');
  if (APPROVAL_FLAG.test(sentence)) present.add('approval_flag');
  // Only a clause about a refund reads it: most sentences are spared the search.
  if (present.has('refund') && asksMore(sentence)) present.add('sum_swap');
  // Only beside someone's parcels or records is a name read: most sentences are spared the search.
  if ((present.has('orders_of') || present.has('records')) && namesPerson(sentence)) present.add('named_person');
  // Only beside the last digits of a card: whether they are given or asked for.
  if (present.has('card_digits') && FOUR_DIGITS.test(sentence)) present.add('digits_given');
  return { present, at, words: word + 1 };
}

/** Concepts no clause needs, only reads beside the ones it needs ("whether", "why", a purpose, colleagues, a draft). */
const QUALIFIERS: ReadonlySet<Marker> = new Set<Marker>(['asked_if', 'why', 'purpose', 'staff', 'draft']);

export function onlyQualifiers(present: ReadonlySet<Marker>): boolean {
  for (const concept of present) if (!QUALIFIERS.has(concept)) return false;
  return true;
}

/**
 * Sentences end at a line end, or at . ! ? ; followed by a space (so "evil.example" stays whole):
 * their starts and ends, in pairs, so each is read in place.
 */
export function sentenceBounds(view: string): number[] {
  const bounds: number[] = [];
  let start = 0;
  for (let i = 0; i <= view.length; i++) {
    const code = view.charCodeAt(i);
    // . ! ? ; then a space, a line end or the end of the text.
    const end = i === view.length || code === 0x0a || ((code === 0x2e || code === 0x21 || code === 0x3f || code === 0x3b) && (i + 1 === view.length || view.charCodeAt(i + 1) <= 0x20));
    if (end) {
      if (i + 1 > start) bounds.push(start, Math.min(i + 1, view.length));
      start = i + 1;
    } else if (i - start >= SENTENCE_CHARS) {
      // A long sentence: cut at its last space in the second half of the piece, if there is one.
      let cut = i;
      for (let at = i; at > start + SENTENCE_CHARS / 2; at--) {
        if (view.charCodeAt(at) === 0x20) {
          cut = at + 1;
          break;
        }
      }
      bounds.push(start, cut);
      start = cut;
    }
  }
  return bounds;
}
