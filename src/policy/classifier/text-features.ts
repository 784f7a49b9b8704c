import { CONCEPT_STEMS } from './concept-lexicon.js';

/** A sparse feature vector: bucket indices and their weights (L2-normalised), same length. */
export interface SparseFeatures {
  readonly indices: Uint32Array;
  readonly values: Float32Array;
}

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

/**
 * Hashed features of a normalised view: character 3- to 5-grams (spaces included, so word starts
 * and ends count), whole words and pairs of neighbouring words, counted into `dims` buckets (a power
 * of two), plus, for every sentence without a logistics word, the concepts of {@link CONCEPT_STEMS}
 * present in it and every pair of them (concepts of the whole segment generalised worse to a family
 * held out: a tracking id in one sentence hid the instruction in the next), scaled to unit length so
 * long and short texts compare. One pass over the text.
 */
export function textFeatures(view: string, dims: number): SparseFeatures {
  const count = countFeatures(view, dims);
  const scratch = scratchFor(view, dims);
  const order = touched;
  const scale = scaleOf(scratch, count);
  const indices = new Uint32Array(count);
  const values = new Float32Array(count);
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    indices[at] = bucket;
    values[at] = (scratch[bucket] as number) * scale;
    scratch[bucket] = 0;
  }
  return { indices, values };
}

/**
 * The two logits of a two-class head over {@link textFeatures}`(view, dims)`, written into `out`
 * (benign, attack) without building the vector: the same products summed in the same order as
 * `probabilities` sums them, so bit for bit the same. `benign` and `attack` hold each class's weight
 * per bucket. Returns false when the view has no features. The guard scores every view this way:
 * building the vector (two typed arrays a segment) cost as much as counting it.
 */
export function featureLogits(view: string, dims: number, bias: Float32Array, benign: Float32Array, attack: Float32Array, out: Float64Array): boolean {
  const count = countFeatures(view, dims);
  if (count === 0) return false;
  const scratch = scratchFor(view, dims);
  const order = touched;
  const scale = scaleOf(scratch, count);
  let benignSum = bias[0] ?? 0;
  let attackSum = bias[1] ?? 0;
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    benignSum += (benign[bucket] as number) * value;
    attackSum += (attack[bucket] as number) * value;
    scratch[bucket] = 0;
  }
  out[0] = benignSum;
  out[1] = attackSum;
  return true;
}

/**
 * {@link featureLogits} for a head whose benign class is exactly the negated attack class (weights
 * and bias), as the shipped model's is, with the attack weights as stored: `raw` int16 per bucket
 * and their `scale` (the weight is `Math.fround(raw * scale)`, as the loaded model holds it). The
 * benign sum is then exactly the negated attack sum (rounding is symmetric), so only the attack
 * logit is summed, from a quarter of the memory: a weight read per feature, missed in the cache
 * after the rules ran, was the classifier's main cost. NaN when the view has no features.
 */
export function mirroredLogit(view: string, dims: number, bias: number, raw: Int16Array, weightScale: number): number {
  const count = countFeatures(view, dims);
  if (count === 0) return Number.NaN;
  const scratch = scratchFor(view, dims);
  const order = touched;
  const scale = scaleOf(scratch, count);
  const { indices, values } = keepFor(view, dims, count);
  let sum = bias;
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    indices[at] = bucket;
    values[at] = value;
    sum += Math.fround((raw[bucket] as number) * weightScale) * value;
    scratch[bucket] = 0;
  }
  return sum;
}

/**
 * The features of the view {@link mirroredLogit} or {@link mirroredLogitPair} last scored, kept as
 * they were summed (bucket and `Math.fround`ed value, in the order touched: what {@link textFeatures}
 * builds): the hidden layer reads the features of a segment just scored, and counting them again cost
 * as much as scoring it.
 */
let kept = { view: undefined as string | undefined, dims: 0, count: 0, indices: new Uint32Array(1024), values: new Float32Array(1024) };

function keepFor(view: string, dims: number, count: number): { readonly indices: Uint32Array; readonly values: Float32Array } {
  if (kept.indices.length < count) kept = { ...kept, indices: new Uint32Array(count * 2), values: new Float32Array(count * 2) };
  kept.view = view;
  kept.dims = dims;
  kept.count = count;
  return kept;
}

/**
 * {@link textFeatures}`(view, dims)`: the features kept from scoring `view` last, when it was, else
 * counted. Views into reused buffers: read them before the next scoring.
 */
export function scoredFeatures(view: string, dims: number): SparseFeatures {
  if (kept.view === view && kept.dims === dims) return { indices: kept.indices.subarray(0, kept.count), values: kept.values.subarray(0, kept.count) };
  return textFeatures(view, dims);
}

/** One mirrored two-class head as {@link mirroredLogit} reads it. */
export interface MirroredHead {
  readonly bias: number;
  readonly raw: Int16Array;
  readonly scale: number;
}

/**
 * {@link mirroredLogit} for two heads of the same `dims` over one view, counting its features once:
 * `out[0]` and `out[1]` get the heads' attack logits, the same sums in the same order as one call per
 * head, so bit for bit the same. Returns false (and leaves `out`) when the view has no features.
 */
export function mirroredLogitPair(view: string, dims: number, first: MirroredHead, second: MirroredHead, out: Float64Array): boolean {
  const count = countFeatures(view, dims);
  if (count === 0) return false;
  const scratch = scratchFor(view, dims);
  const order = touched;
  const scale = scaleOf(scratch, count);
  const rawA = first.raw;
  const rawB = second.raw;
  const scaleA = first.scale;
  const scaleB = second.scale;
  let sumA = first.bias;
  let sumB = second.bias;
  const { indices, values } = keepFor(view, dims, count);
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    indices[at] = bucket;
    values[at] = value;
    sumA += Math.fround((rawA[bucket] as number) * scaleA) * value;
    sumB += Math.fround((rawB[bucket] as number) * scaleB) * value;
    scratch[bucket] = 0;
  }
  out[0] = sumA;
  out[1] = sumB;
  return true;
}

/**
 * The logits of a head of any number of classes over {@link textFeatures}`(view, dims)`, written into
 * `out`, without building the vector: per class the same products summed in the same order as
 * `probabilities` sums them (`weights` class-interleaved per bucket; a loaded head's float weights
 * are its int16 ones times their scale, to the bit), so bit for bit the same. Four classes are summed
 * at a time in locals, a pass over the features each: the family head of a blocked text's worst
 * segment cost the guard more than scoring it. Returns false when the view has no features.
 */
export function headLogits(view: string, dims: number, bias: Float32Array, weights: Float32Array, out: Float64Array): boolean {
  const count = kept.view === view && kept.dims === dims ? keptHeadValues() : countHeadValues(view, dims);
  if (count === 0) return false;
  const order = touched;
  const values = headValues;
  const k = out.length;
  for (let first = 0; first < k; first += 4) {
    if (k - first < 4) {
      for (let c = first; c < k; c++) {
        let sum = bias[c] ?? 0;
        for (let at = 0; at < count; at++) sum += (weights[(order[at] as number) * k + c] as number) * (values[at] as number);
        out[c] = sum;
      }
      break;
    }
    let a = bias[first] ?? 0;
    let b = bias[first + 1] ?? 0;
    let c = bias[first + 2] ?? 0;
    let d = bias[first + 3] ?? 0;
    for (let at = 0; at < count; at++) {
      const base = (order[at] as number) * k + first;
      const value = values[at] as number;
      a += (weights[base] as number) * value;
      b += (weights[base + 1] as number) * value;
      c += (weights[base + 2] as number) * value;
      d += (weights[base + 3] as number) * value;
    }
    out[first] = a;
    out[first + 1] = b;
    out[first + 2] = c;
    out[first + 3] = d;
  }
  return true;
}

/** Counts the features of `view` into `touched` and their values into `headValues`; returns how many. */
function countHeadValues(view: string, dims: number): number {
  const count = countFeatures(view, dims);
  if (count === 0) return 0;
  const scratch = scratchFor(view, dims);
  const order = touched;
  const scale = scaleOf(scratch, count);
  if (headValues.length < count) headValues = new Float64Array(count * 2);
  const values = headValues;
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    values[at] = Math.fround((scratch[bucket] as number) * scale);
    scratch[bucket] = 0;
  }
  return count;
}

/**
 * {@link countHeadValues} for the view scored last, from the features kept then (the same buckets in
 * the same order, the same float32 values): the family head reads the worst segment of a blocked
 * text, most often the one segment just scored, and counting it again was a fifth of the head's time.
 */
function keptHeadValues(): number {
  const count = kept.count;
  // `touched` only grows, and it held these buckets when they were counted.
  if (headValues.length < count) headValues = new Float64Array(count * 2);
  const order = touched;
  const values = headValues;
  const { indices, values: keptValues } = kept;
  for (let at = 0; at < count; at++) {
    order[at] = indices[at] as number;
    values[at] = keptValues[at] as number;
  }
  return count;
}

/** The feature values of the view {@link headLogits} reads, reused. */
let headValues = new Float64Array(1024);

/** Views up to this long never count one bucket past 65,535 (five counts a character at most, and the quiet pairs): their counts fit 16 bits, half the memory. */
const SHORT_VIEW = 12_000;
const SHORT_SCRATCH = new Map<number, Uint16Array>();
const SCRATCH = new Map<number, Float32Array>();

// A scratch array per size instead of a Map: counting is the hot loop of the whole classifier.
function scratchFor(view: string, dims: number): Uint16Array | Float32Array {
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
function scaleOf(scratch: Uint16Array | Float32Array, count: number): number {
  const order = touched;
  let norm = 0;
  for (let at = 0; at < count; at++) norm += (scratch[order[at] as number] as number) ** 2;
  return norm > 0 ? 1 / Math.sqrt(norm) : 0;
}

/**
 * Counts the features of `view` into the scratch array of `dims` and lists the buckets touched, in
 * the order first touched, in `touched`; returns how many. The caller reads and clears them.
 */
function countFeatures(view: string, dims: number): number {
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
