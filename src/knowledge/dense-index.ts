import { selectTop } from './select-top.js';
import type { Scored } from './select-top.js';

/**
 * Exact cosine search over L2-normalised vectors kept in one Float32Array (row-major). Brute force is
 * the measured choice below about 100k chunks: 384 dimensions take a few milliseconds at 10k and tens
 * at 100k with no approximate index to tune or lose recall (STACK-NOTES "Retrieval").
 */
export class DenseIndex {
  readonly dims: number;
  readonly size: number;
  readonly #matrix: Float32Array;

  /** Copies the vectors in; all must have the same length. */
  constructor(vectors: readonly Float32Array[]) {
    this.dims = vectors[0]?.length ?? 0;
    this.size = vectors.length;
    this.#matrix = new Float32Array(this.dims * this.size);
    vectors.forEach((vector, row) => {
      if (vector.length !== this.dims) throw new Error(`vector ${row} has ${vector.length} dimensions, expected ${this.dims}`);
      this.#matrix.set(vector, row * this.dims);
    });
  }

  /** The stored vector of one row (a view, not a copy). */
  row(index: number): Float32Array {
    return this.#matrix.subarray(index * this.dims, (index + 1) * this.dims);
  }

  /** Cosine of the query with every row; rows are normalised, so this is the dot product. */
  score(query: Float32Array): Float32Array {
    if (query.length !== this.dims) throw new Error(`query has ${query.length} dimensions, the index ${this.dims}`);
    const out = new Float32Array(this.size);
    const m = this.#matrix;
    const d = this.dims;
    const whole = d - (d % 4);
    for (let row = 0, base = 0; row < this.size; row += 1, base += d) {
      // Four running sums break the dependency chain between additions: about 25 % faster in V8.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j < whole; j += 4) {
        s0 += (m[base + j] ?? 0) * (query[j] ?? 0);
        s1 += (m[base + j + 1] ?? 0) * (query[j + 1] ?? 0);
        s2 += (m[base + j + 2] ?? 0) * (query[j + 2] ?? 0);
        s3 += (m[base + j + 3] ?? 0) * (query[j + 3] ?? 0);
      }
      for (; j < d; j += 1) s0 += (m[base + j] ?? 0) * (query[j] ?? 0);
      out[row] = s0 + s1 + s2 + s3;
    }
    return out;
  }

  /** The `k` most similar rows, best first, among those `allow` admits (all when absent). */
  static top(scores: Float32Array, k: number, allow?: Uint8Array): Scored[] {
    return selectTop(scores, k, allow ? { allow } : {});
  }
}
