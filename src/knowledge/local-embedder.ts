import type { Embedder, EmbeddingKind } from './embedder.js';
import { normaliseInPlace } from './embedder.js';
import { foldToLatin } from './fold-to-latin.js';
import { words } from './tokenize.js';

/** Dimensions of the local embedding: the size of multilingual-e5-small, so stored vectors look alike. */
export const LOCAL_EMBEDDING_DIMS = 384;

const MIN_N = 3;
const MAX_N = 5;

/**
 * One text as a hashed bag of character 3- to 5-grams of its words, with word-boundary marks, each
 * gram adding ±1 to one of `dims` buckets (FNV-1a; the sign from another bit so collisions cancel on
 * average), each word's grams scaled to equal weight, the whole L2-normalised. Every word is hashed
 * twice, as written and as its Latin skeleton (`foldToLatin`), so Ukrainian and English cognates
 * share grams. Deterministic and weight-free: it catches shared word parts (inflections, compounds,
 * codes, cognates), not synonyms.
 */
export function embedLocally(text: string, dims = LOCAL_EMBEDDING_DIMS): Float32Array {
  const vector = new Float32Array(dims);
  for (const word of words(text)) {
    addGrams(vector, word);
    addGrams(vector, foldToLatin(word));
  }
  return normaliseInPlace(vector);
}

function addGrams(vector: Float32Array, word: string): void {
  const dims = vector.length;
  const padded = `\u0002${word}\u0003`;
  const weight = 1 / Math.sqrt(Math.max(1, countGrams(padded.length)));
  for (let start = 0; start < padded.length; start += 1) {
    let hash = 0x811c9dc5;
    for (let n = 1; n <= MAX_N && start + n <= padded.length; n += 1) {
      hash = Math.imul(hash ^ padded.charCodeAt(start + n - 1), 0x01000193) >>> 0;
      if (n < MIN_N) continue;
      const mixed = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) >>> 0;
      const bucket = mixed % dims;
      vector[bucket] = (vector[bucket] ?? 0) + (mixed & 0x80000000 ? -weight : weight);
    }
  }
}

function countGrams(length: number): number {
  let total = 0;
  for (let n = MIN_N; n <= MAX_N; n += 1) total += Math.max(0, length - n + 1);
  return total;
}

/** The default embedder when no endpoint is configured: `embedLocally` behind the Embedder interface. */
export class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly #dims: number;

  constructor(dims = LOCAL_EMBEDDING_DIMS) {
    this.#dims = dims;
    this.id = `local:char-ngram-${MIN_N}-${MAX_N}+latin:${dims}:v2`;
  }

  // Queries and passages are embedded alike: the n-gram bag has no query/passage asymmetry.
  async embed(texts: readonly string[], _kind?: EmbeddingKind): Promise<Float32Array[]> {
    return texts.map((text) => embedLocally(text, this.#dims));
  }
}
