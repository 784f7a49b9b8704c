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
const SCRATCH = new Map<number, Float32Array>();

// Concept stems by their first three characters, so each word looks up one short list.
const STEMS_BY_HEAD = new Map<string, { stem: string; concept: number }[]>();
Object.values(CONCEPT_STEMS).forEach((stems, concept) => {
  for (const stem of stems) {
    const head = stem.slice(0, 3);
    const list = STEMS_BY_HEAD.get(head) ?? [];
    list.push({ stem, concept });
    STEMS_BY_HEAD.set(head, list);
  }
});
const CONCEPT_NAMES = Object.keys(CONCEPT_STEMS);
const LEXICON_CONCEPTS = CONCEPT_NAMES.length;
const DOMAIN = CONCEPT_NAMES.indexOf('domain');
/** Concept features count this many times as much as one n-gram: they are few and carry the meaning. */
const CONCEPT_WEIGHT = 3;

const isWordChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0xdf && code <= 0x24f) || (code >= 0x370 && code <= 0x52f);

/**
 * Hashed features of a normalised view: character 3- to 5-grams (spaces included, so word starts
 * and ends count), whole words and pairs of neighbouring words, counted into `dims` buckets (a power
 * of two), plus, for every sentence without a logistics word, the concepts of {@link CONCEPT_STEMS}
 * present in it and every pair of them (concepts of the whole segment generalised worse to a family
 * held out: a tracking id in one sentence hid the instruction in the next), scaled to unit length so
 * long and short texts compare. One pass over the text.
 */
export function textFeatures(view: string, dims: number): SparseFeatures {
  const mask = dims - 1;
  // A scratch array per size instead of a Map: counting is the hot loop of the whole classifier.
  let counts = SCRATCH.get(dims);
  if (counts === undefined) {
    counts = new Float32Array(dims);
    SCRATCH.set(dims, counts);
  }
  const scratch = counts;
  const touched: number[] = [];
  const add = (hash: number): void => {
    const bucket = (hash >>> 0) & mask;
    if (scratch[bucket] === 0) touched.push(bucket);
    scratch[bucket] = (scratch[bucket] ?? 0) + 1;
  };
  const text = ` ${view} `;
  for (let start = 0; start + 3 <= text.length; start++) {
    let hash = FNV_OFFSET;
    for (let n = 0; n < 5 && start + n < text.length; n++) {
      hash = Math.imul(hash ^ text.charCodeAt(start + n), FNV_PRIME);
      if (n >= 2) add(hash ^ n);
    }
  }
  let previous: number | undefined;
  let word = WORD_SEED;
  let inWord = false;
  let wordStart = 0;
  // Concepts of the current sentence, and of every sentence without a logistics word: "reply only
  // with yes" after "Where is TTN-000002?" is still an instruction with nothing to do with parcels.
  const sentence = new Uint8Array(LEXICON_CONCEPTS);
  const quiet = new Uint8Array(LEXICON_CONCEPTS * LEXICON_CONCEPTS);
  let sentenceHasConcept = false;
  const endSentence = (): void => {
    if (!sentenceHasConcept) return;
    const logistics = sentence[DOMAIN] === 1;
    for (let a = 0; a < LEXICON_CONCEPTS; a++) {
      if (sentence[a] === 0) continue;
      if (!logistics) for (let b = a; b < LEXICON_CONCEPTS; b++) if (sentence[b] === 1) quiet[a * LEXICON_CONCEPTS + b] = 1;
    }
    sentence.fill(0);
    sentenceHasConcept = false;
  };
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 0x20;
    if (isWordChar(code)) {
      if (!inWord) wordStart = at;
      word = Math.imul(word ^ code, FNV_PRIME);
      inWord = true;
      continue;
    }
    if (inWord) {
      add(word);
      // Stems may span two words ("no longer", "from now"): the candidates start at this word.
      const candidates = STEMS_BY_HEAD.get(text.slice(wordStart, wordStart + 3));
      if (candidates !== undefined) {
        for (const { stem, concept } of candidates) {
          if (!text.startsWith(stem, wordStart)) continue;
          sentence[concept] = 1;
          sentenceHasConcept = true;
        }
      }
      if (previous !== undefined) add(Math.imul(previous ^ PAIR_SEED, FNV_PRIME) ^ word);
      previous = word;
      word = WORD_SEED;
      inWord = false;
    }
    if (code === 0x2e || code === 0x21 || code === 0x3f || code === 0x0a || code === 0x3b || at === text.length) endSentence();
  }
  for (let at = 0; at < quiet.length; at++) if (quiet[at] === 1) for (let w = 0; w < CONCEPT_WEIGHT; w++) add(Math.imul(QUIET_SEED ^ at, FNV_PRIME));
  let norm = 0;
  for (const bucket of touched) norm += (scratch[bucket] ?? 0) ** 2;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const indices = new Uint32Array(touched.length);
  const values = new Float32Array(touched.length);
  touched.forEach((bucket, at) => {
    indices[at] = bucket;
    values[at] = (scratch[bucket] ?? 0) * scale;
    scratch[bucket] = 0;
  });
  return { indices, values };
}
