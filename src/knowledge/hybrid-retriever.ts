import { Bm25Index } from './bm25-index.js';
import type { LexicalScores } from './bm25-index.js';
import { DenseIndex } from './dense-index.js';
import type { Embedder } from './embedder.js';
import { lexicalTerms } from './lexical-terms.js';
import { DEFAULT_RRF_K, reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import type { ComponentRank } from './reciprocal-rank-fusion.js';

/** Which ranking to return: the fusion (the default), or one component alone (for evaluation). */
export type RetrievalMode = 'fused' | 'lexical' | 'dense';

/** One ranked chunk: its position in the index, fused score and both component ranks (null: absent). */
export interface RankedHit {
  index: number;
  fused_score: number;
  lexical: ComponentRank | null;
  dense: ComponentRank | null;
}

/** A query scored once against both indexes, so several rankings (per agent view) reuse the work. */
export interface PreparedQuery {
  lexical: LexicalScores;
  /** Null when there is no dense index or the query could not be embedded (see `denseError`). */
  dense: Float32Array | null;
  denseError?: string;
}

/** Fusion settings: `rrfK` (60) and how deep each component list goes before fusing (50). */
export interface HybridOptions {
  rrfK?: number;
  candidates?: number;
}

/** Options of one ranking: how many hits, which chunks are visible (mask by index), which mode. */
export interface RankOptions {
  limit: number;
  allow?: Uint8Array;
  mode?: RetrievalMode;
}

/**
 * BM25 and dense retrieval over the same chunks, fused with Reciprocal Rank Fusion. Ranks are computed
 * inside the visible set (`allow`), so a hidden chunk neither appears nor pushes a visible one down.
 */
export class HybridRetriever {
  readonly #lexical: Bm25Index;
  readonly #dense: DenseIndex | null;
  readonly #embedder: Embedder;
  readonly #rrfK: number;
  readonly #candidates: number;

  constructor(lexical: Bm25Index, dense: DenseIndex | null, embedder: Embedder, options: HybridOptions = {}) {
    this.#lexical = lexical;
    this.#dense = dense;
    this.#embedder = embedder;
    this.#rrfK = options.rrfK ?? DEFAULT_RRF_K;
    this.#candidates = options.candidates ?? 50;
  }

  /**
   * Scores the query against the indexes `mode` needs (both for fused); an embedding failure leaves
   * dense null and says why.
   */
  async prepare(query: string, mode: RetrievalMode = 'fused'): Promise<PreparedQuery> {
    const lexical = mode === 'dense' ? { docs: new Uint32Array(0), scores: new Float32Array(0) } : this.#lexical.score(lexicalTerms(query));
    if (mode === 'lexical' || !this.#dense || this.#dense.size === 0) return { lexical, dense: null };
    try {
      const [vector] = await this.#embedder.embed([query], 'query');
      if (!vector) return { lexical, dense: null, denseError: 'the embedder returned no vector' };
      // A query with no embeddable content (only stopwords, say) has a zero vector: its "ranking" would be noise.
      return { lexical, dense: vector.some((value) => value !== 0) ? this.#dense.score(vector) : null };
    } catch (error) {
      return { lexical, dense: null, denseError: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The best `limit` chunks for a prepared query, best first. */
  rank(prepared: PreparedQuery, options: RankOptions): RankedHit[] {
    const { limit, allow, mode = 'fused' } = options;
    const depth = Math.max(this.#candidates, limit);
    const lexical = mode === 'dense' ? [] : Bm25Index.top(prepared.lexical, depth, allow);
    // Only positive similarity is evidence; lexical lists already hold matching chunks only.
    const dense = mode === 'lexical' || !prepared.dense ? [] : DenseIndex.top(prepared.dense, depth, allow).filter((hit) => hit.score > 0);
    return reciprocalRankFusion([lexical, dense], this.#rrfK)
      .slice(0, limit)
      .map((item) => ({ index: item.index, fused_score: item.fused, lexical: item.components[0] ?? null, dense: item.components[1] ?? null }));
  }

  /** `prepare` then `rank`. */
  async search(query: string, options: RankOptions): Promise<RankedHit[]> {
    return this.rank(await this.prepare(query, options.mode), options);
  }
}
