/** Queries and passages may be embedded differently (E5 models expect "query: " and "passage: "). */
export type EmbeddingKind = 'query' | 'passage';

/**
 * Turns texts into L2-normalised vectors. `id` names the model and its settings: vectors stored under
 * one id are never compared with another's, so changing the embedder re-embeds the corpus.
 */
export interface Embedder {
  readonly id: string;
  embed(texts: readonly string[], kind: EmbeddingKind): Promise<Float32Array[]>;
}

/** Scales a vector to length 1 in place (a zero vector stays zero) and returns it. */
export function normaliseInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] ?? 0) * scale;
  }
  return vector;
}
