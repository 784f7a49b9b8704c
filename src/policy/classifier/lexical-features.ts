// The lexical head's features (lexical-head.ts): every word and pair of neighbouring words, and every
// character 2- to 5-gram inside a word padded with a space at each end, hashed into two blocks of
// `dims` buckets (words first, then characters). One pass over the text, no substring built.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Different seeds keep words, word pairs and character n-grams in different hash families.
const WORD_SEED = 0x2545f491;
const PAIR_SEED = 0x6c8e9cf5;
const CHAR_SEED = 0x165667b1;
const SPACE = 0x20;
const LONGEST_GRAM = 5;

/** A word's characters: letters and digits of the scripts the guard reads, the underscore and the Ukrainian apostrophe (U+02BC). */
const isWordChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f || (code >= 0xdf && code <= 0x24f) || code === 0x2bc || (code >= 0x370 && code <= 0x52f);

const isSpace = (code: number): boolean => code === SPACE || code === 0x0a || code === 0x09 || code === 0x0d;

/** Spreads a hash's bits over the low ones (murmur3's finaliser): FNV's low bits alone collide more. */
function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Reused by every call (the guard is synchronous): a small open-addressing table of the buckets
// found and their counts, sized to the view, and the buckets in the order first found. It stays in
// the processor's cache, where counting into an array of both blocks' size (or sorting every
// occurrence) was a third of the whole guard's time.
let slots = new Int32Array(1024).fill(-1);
let slotCounts = new Uint32Array(1024);
let order = new Int32Array(512);
let distinct = 0;
let slotMask = 1023;
/** The run of non-space characters whose n-grams are being counted, padded (reused). */
let run = new Uint16Array(256);
let words = 0;
let wordFeatures = 0;

function prepare(features: number): void {
  let size = 256;
  while (size < features * 2) size *= 2;
  if (size > slots.length) {
    slots = new Int32Array(size).fill(-1);
    slotCounts = new Uint32Array(size);
    order = new Int32Array(size / 2);
  }
  // A short view probes only the start of the table: the slots it touches stay in the nearest cache,
  // where a short request after a long segment spread its few features over all of it.
  slotMask = size - 1;
  distinct = 0;
}

function add(bucket: number): void {
  let slot = Math.imul(bucket, 0x9e3779b1) >>> 0 & slotMask;
  for (;;) {
    const held = slots[slot] as number;
    if (held === bucket) {
      slotCounts[slot] = (slotCounts[slot] as number) + 1;
      return;
    }
    if (held === -1) {
      slots[slot] = bucket;
      slotCounts[slot] = 1;
      order[distinct++] = slot;
      return;
    }
    slot = (slot + 1) & slotMask;
  }
}

/** The distinct buckets the last {@link lexicalFeatures} found. */
export interface LexicalCounts {
  readonly distinct: number;
  /** How many words the view holds. */
  readonly words: number;
  /** How many of the distinct features are words and pairs: those come first, the character n-grams after. */
  readonly wordFeatures: number;
  /**
   * The table behind {@link bucket} and {@link count}, for a loop over every feature: the `index`-th
   * distinct feature sits in slot `order[index]`, its bucket in `slots` and its count in `slotCounts`
   * there. Read as locals, these cost the head a third less than a call per feature (issue 34).
   */
  readonly order: Int32Array;
  readonly slots: Int32Array;
  readonly slotCounts: Uint32Array;
  /** The bucket of the `index`-th distinct feature (word buckets below `dims`, character buckets from `dims`). */
  bucket(index: number): number;
  /** How many times it occurred. */
  count(index: number): number;
}

// One object handed out by every call, its fields set at the end of each (the guard is synchronous).
const COUNTS: { -readonly [K in keyof LexicalCounts]: LexicalCounts[K] } = {
  distinct: 0,
  words: 0,
  wordFeatures: 0,
  order,
  slots,
  slotCounts,
  bucket: (index) => slots[order[index] as number] as number,
  count: (index) => slotCounts[order[index] as number] as number,
};

/** Counts the features of `view`: valid until the next call (the table is reused). */
export function lexicalFeatures(view: string, dims: number): LexicalCounts {
  const mask = dims - 1;
  clear();
  words = 0;
  // At most four character n-grams a character, and a word and a pair a word.
  prepare(view.length * 5 + 8);
  let previousWord = -1;
  let word = WORD_SEED;
  let inWord = false;
  const length = view.length;
  for (let at = 0; at <= length; at++) {
    const code = at < length ? view.charCodeAt(at) : SPACE;
    if (isWordChar(code)) {
      word = Math.imul(word ^ code, FNV_PRIME);
      inWord = true;
      continue;
    }
    if (!inWord) continue;
    const hash = mix(word);
    words++;
    add(hash & mask);
    if (previousWord >= 0) add(mix(Math.imul(previousWord ^ PAIR_SEED, FNV_PRIME) ^ hash) & mask);
    previousWord = hash;
    word = WORD_SEED;
    inWord = false;
  }
  wordFeatures = distinct;
  // Character n-grams of each run of non-space characters, padded with a space at each end.
  let start = 0;
  while (start < length) {
    while (start < length && isSpace(view.charCodeAt(start))) start++;
    if (start >= length) break;
    let end = start;
    while (end < length && !isSpace(view.charCodeAt(end))) end++;
    // The run padded with a space each side, read from a buffer: each unit is read by up to five n-grams.
    const padded = end - start + 2;
    if (run.length < padded) run = new Uint16Array(padded * 2);
    const units = run;
    units[0] = SPACE;
    for (let at = start; at < end; at++) units[at - start + 1] = view.charCodeAt(at);
    units[padded - 1] = SPACE;
    for (let from = 0; from < padded - 1; from++) {
      let hash = Math.imul(CHAR_SEED ^ FNV_OFFSET ^ (units[from] as number), FNV_PRIME);
      const last = Math.min(from + LONGEST_GRAM, padded);
      for (let at = from + 1; at < last; at++) {
        hash = Math.imul(hash ^ (units[at] as number), FNV_PRIME);
        add(dims + (mix(hash) & mask));
      }
    }
    start = end;
  }
  COUNTS.distinct = distinct;
  COUNTS.words = words;
  COUNTS.wordFeatures = wordFeatures;
  COUNTS.order = order;
  COUNTS.slots = slots;
  COUNTS.slotCounts = slotCounts;
  return COUNTS;
}

/** Empties the table the last call filled (only the slots it used). */
function clear(): void {
  for (let at = 0; at < distinct; at++) slots[order[at] as number] = -1;
  distinct = 0;
}
