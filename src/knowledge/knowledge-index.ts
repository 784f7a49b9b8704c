import { Bm25Index } from './bm25-index.js';
import { DenseIndex } from './dense-index.js';
import type { Embedder } from './embedder.js';
import type { HybridOptions } from './hybrid-retriever.js';
import { HybridRetriever } from './hybrid-retriever.js';
import type { KnowledgeStore } from './knowledge-store.js';
import { lexicalTerms } from './lexical-terms.js';
import type { StoredChunk } from './stored-chunk.js';
import { indexText } from './stored-chunk.js';
import type { VisibilityMap } from './visibility.js';

/** The in-memory indexes of one corpus revision. `dense` is null while vectors cannot be computed. */
export interface KnowledgeIndex {
  revision: number;
  chunks: StoredChunk[];
  retriever: HybridRetriever;
  dense: DenseIndex | null;
  denseError?: string;
  /** Per-agent visibility of this revision's chunks, filled on first use (the scopes do not change). */
  visibility: Map<string, VisibilityMap>;
}

const EMBED_BATCH = 256;

/**
 * Builds the indexes from the store: BM25 over every chunk's index text, and a dense matrix from the
 * vectors stored for this embedder. Chunks without one (ingested under another embedder) are embedded
 * now and the vectors saved; if that fails, the index is lexical-only and says why in `denseError`.
 */
export async function loadKnowledgeIndex(store: KnowledgeStore, embedder: Embedder, options: HybridOptions = {}): Promise<KnowledgeIndex> {
  const { revision, chunks } = await store.snapshot();
  const texts = chunks.map(indexText);
  const lexical = new Bm25Index(texts.map(lexicalTerms));
  let dense: DenseIndex | null = null;
  let denseError: string | undefined;
  try {
    dense = new DenseIndex(await vectorsFor(store, embedder, chunks, texts));
  } catch (error) {
    denseError = error instanceof Error ? error.message : String(error);
  }
  return { revision, chunks, retriever: new HybridRetriever(lexical, dense, embedder, options), dense, visibility: new Map(), ...(denseError !== undefined && { denseError }) };
}

async function vectorsFor(store: KnowledgeStore, embedder: Embedder, chunks: readonly StoredChunk[], texts: readonly string[]): Promise<Float32Array[]> {
  const stored = await store.vectors(embedder.id);
  const missing = chunks.flatMap((chunk, i) => (stored.has(chunk.chunk_id) ? [] : [i]));
  for (let from = 0; from < missing.length; from += EMBED_BATCH) {
    const batch = missing.slice(from, from + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((i) => texts[i] ?? ''), 'passage');
    const entries = batch.map((i, j) => [chunks[i]?.chunk_id ?? '', vectors[j] ?? new Float32Array()] as const);
    await store.saveVectors(embedder.id, entries);
    for (const [id, vector] of entries) stored.set(id, vector);
  }
  return chunks.map((chunk) => stored.get(chunk.chunk_id) ?? new Float32Array());
}
