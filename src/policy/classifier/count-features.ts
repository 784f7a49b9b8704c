import { CONCEPT_STEMS } from './concept-lexicon.js';

// The hashed feature counting every classifier head reads (text-features.ts): one pass over a view,
// the counts in a scratch array, the buckets touched listed in order.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Different seeds keep character n-grams, words and word pairs in different hash families.
const WORD_SEED = 0x9e3779b9;
const PAIR_SEED = 0x85ebca6b;

const QUIET_SEED = 0x27d4eb2f;

const CONCEPT_NAMES = Object.keys(CONCEPT_STEMS);
const LEXICON_CONCEPTS = CONCEPT_NAMES.length;
const DOMAIN = CONCEPT_NAMES.indexOf('domain');
/** Concept features count this many times as much as one n-gram: they are few and carry the meaning. */
const CONCEPT_WEIGHT = 3;

// Concept stems by a hash of their first three characters, so each word looks up one short list
// without copying its head; a list holds every stem whose head hashes there, and each is checked
// whole. A stem shorter than three characters is never found: a word's head is always three
// characters long, or two at the very end, where the second is the padding space.
const HEAD_BUCKETS = 4096;
const headBucket = (a: number, b: number, c: number): number => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 20;
const STEMS_BY_HEAD: ({ stem: string; concept: number }[] | undefined)[] = new Array<{ stem: string; concept: number }[] | undefined>(HEAD_BUCKETS);
Object.values(CONCEPT_STEMS).forEach((stems, concept) => {
  for (const stem of stems) {
    if (stem.length < 3) continue;
    const bucket = headBucket(stem.charCodeAt(0), stem.charCodeAt(1), stem.charCodeAt(2));
    (STEMS_BY_HEAD[bucket] ??= []).push({ stem, concept });
  }
});

const isWordChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0xdf && code <= 0x24f) || (code >= 0x370 && code <= 0x52f);

// Reused by every call (the classifier is synchronous): the padded view's code units, the buckets
// touched in order, the current sentence's concepts and the quiet sentences' pairs.
let units = new Uint16Array(1024);
let touched = new Int32Array(4096);
const sentence = new Uint8Array(LEXICON_CONCEPTS);
const quiet = new Uint8Array(LEXICON_CONCEPTS * LEXICON_CONCEPTS);

/** The buckets the last {@link countFeatures} touched, in the order first touched (a reused buffer that only grows). */
export function touchedBuckets(): Int32Array {
  return touched;
}

/** Views up to this long never count one bucket past 65,535 (five counts a character at most, and the quiet pairs): their counts fit 16 bits, half the memory. */
const SHORT_VIEW = 12_000;
const SHORT_SCRATCH = new Map<number, Uint16Array>();
const SCRATCH = new Map<number, Float32Array>();

// A scratch array per size instead of a Map: counting is the hot loop of the whole classifier.
export function scratchFor(view: string, dims: number): Uint16Array | Float32Array {
  if (view.length <= SHORT_VIEW) {
    let counts = SHORT_SCRATCH.get(dims);
    if (counts === undefined) {
      counts = new Uint16Array(dims);
      SHORT_SCRATCH.set(dims, counts);
    }
    return counts;
  }
  let counts = SCRATCH.get(dims);
  if (counts === undefined) {
    counts = new Float32Array(dims);
    SCRATCH.set(dims, counts);
  }
  return counts;
}

/** One over the length of the counted vector (0 for none). */
export function scaleOf(scratch: Uint16Array | Float32Array, count: number): number {
  const order = touched;
  let norm = 0;
  for (let at = 0; at < count; at++) norm += (scratch[order[at] as number] as number) ** 2;
  return norm > 0 ? 1 / Math.sqrt(norm) : 0;
}

/**
 * Counts the features of `view` into the scratch array of `dims` and lists the buckets touched, in
 * the order first touched, in `touched`; returns how many. The caller reads and clears them.
 */
export function countFeatures(view: string, dims: number): number {
  const mask = dims - 1;
  const scratch = scratchFor(view, dims);
  // The view padded with a space each side, so word starts and ends count.
  const length = view.length + 2;
  if (units.length < length) units = new Uint16Array(length * 2);
  const text = units;
  text[0] = 0x20;
  for (let at = 0; at < view.length; at++) text[at + 1] = view.charCodeAt(at);
  text[length - 1] = 0x20;
  // At most three n-grams a character, a word and a pair per character, and the quiet pairs.
  const most = 5 * length + CONCEPT_WEIGHT * quiet.length;
  if (touched.length < most) touched = new Int32Array(most * 2);
  const order = touched;
  let count = 0;
  // The 3-, 4- and 5-grams of every start but the last two, unrolled: the same hashes, touched in the same order.
  let start = 0;
  for (; start + 5 <= length; start++) {
    let hash = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ (text[start] as number), FNV_PRIME) ^ (text[start + 1] as number), FNV_PRIME) ^ (text[start + 2] as number), FNV_PRIME);
    let bucket = (hash ^ 2) & mask;
    if (scratch[bucket] === 0) order[count++] = bucket;
    scratch[bucket] = (scratch[bucket] as number) + 1;
    hash = Math.imul(hash ^ (text[start + 3] as number), FNV_PRIME);
    bucket = (hash ^ 3) & mask;
    if (scratch[bucket] === 0) order[count++] = bucket;
    scratch[bucket] = (scratch[bucket] as number) + 1;
    hash = Math.imul(hash ^ (text[start + 4] as number), FNV_PRIME);
    bucket = (hash ^ 4) & mask;
    if (scratch[bucket] === 0) order[count++] = bucket;
    scratch[bucket] = (scratch[bucket] as number) + 1;
  }
  for (; start + 3 <= length; start++) {
    let hash = FNV_OFFSET;
    const last = Math.min(5, length - start);
    for (let n = 0; n < last; n++) {
      hash = Math.imul(hash ^ (text[start + n] as number), FNV_PRIME);
      if (n < 2) continue;
      const bucket = ((hash ^ n) >>> 0) & mask;
      if (scratch[bucket] === 0) order[count++] = bucket;
      scratch[bucket] = (scratch[bucket] as number) + 1;
    }
  }
  let previous = 0;
  let hasPrevious = false;
  let word = WORD_SEED;
  let inWord = false;
  let wordStart = 0;
  // Concepts of the current sentence, and of every sentence without a logistics word: "reply only
  // with yes" after "Where is TTN-000002?" is still an instruction with nothing to do with parcels.
  let sentenceHasConcept = false;
  let anyQuiet = false;
  for (let at = 0; at <= length; at++) {
    const code = at < length ? (text[at] as number) : 0x20;
    if (isWordChar(code)) {
      if (!inWord) wordStart = at;
      word = Math.imul(word ^ code, FNV_PRIME);
      inWord = true;
      continue;
    }
    if (inWord) {
      let bucket = (word >>> 0) & mask;
      if (scratch[bucket] === 0) order[count++] = bucket;
      scratch[bucket] = (scratch[bucket] as number) + 1;
      // Stems may span two words ("no longer", "from now"): the candidates start at this word.
      const candidates = wordStart + 3 <= length ? STEMS_BY_HEAD[headBucket(text[wordStart] as number, text[wordStart + 1] as number, text[wordStart + 2] as number)] : undefined;
      if (candidates !== undefined) {
        for (const { stem, concept } of candidates) {
          if (!startsWith(text, length, stem, wordStart)) continue;
          sentence[concept] = 1;
          sentenceHasConcept = true;
        }
      }
      if (hasPrevious) {
        bucket = ((Math.imul(previous ^ PAIR_SEED, FNV_PRIME) ^ word) >>> 0) & mask;
        if (scratch[bucket] === 0) order[count++] = bucket;
        scratch[bucket] = (scratch[bucket] as number) + 1;
      }
      previous = word;
      hasPrevious = true;
      word = WORD_SEED;
      inWord = false;
    }
    if ((code === 0x2e || code === 0x21 || code === 0x3f || code === 0x0a || code === 0x3b || at === length) && sentenceHasConcept) {
      if (sentence[DOMAIN] !== 1) {
        for (let a = 0; a < LEXICON_CONCEPTS; a++) {
          if (sentence[a] === 0) continue;
          for (let b = a; b < LEXICON_CONCEPTS; b++) if (sentence[b] === 1) quiet[a * LEXICON_CONCEPTS + b] = 1;
        }
        anyQuiet = true;
      }
      sentence.fill(0);
      sentenceHasConcept = false;
    }
  }
  if (anyQuiet) {
    for (let at = 0; at < quiet.length; at++) {
      if (quiet[at] !== 1) continue;
      quiet[at] = 0;
      const bucket = (Math.imul(QUIET_SEED ^ at, FNV_PRIME) >>> 0) & mask;
      if (scratch[bucket] === 0) order[count++] = bucket;
      scratch[bucket] = (scratch[bucket] as number) + CONCEPT_WEIGHT;
    }
  }
  return count;
}

/** Whether `stem` occurs in the first `length` units of `text` at `at` (String.prototype.startsWith over code units). */
function startsWith(text: Uint16Array, length: number, stem: string, at: number): boolean {
  if (at + stem.length > length) return false;
  for (let i = 0; i < stem.length; i++) if (text[at + i] !== stem.charCodeAt(i)) return false;
  return true;
}
