import type { DenseIndex } from './dense-index.js';
import type { StoredChunk } from './stored-chunk.js';

/** One side of a bridge. */
interface BridgeEnd {
  chunk_id: string;
  doc_id: string;
  title: string;
  scope: string;
}

/** Two chunks in different scopes whose dense vectors are close (cosine `score`). */
export interface Bridge {
  score: number;
  a: BridgeEnd;
  b: BridgeEnd;
}

const endOf = (chunk: StoredChunk): BridgeEnd => ({ chunk_id: chunk.chunk_id, doc_id: chunk.doc_id, title: chunk.title, scope: chunk.scope });

/**
 * Pairs of chunks from different scopes with cosine above `threshold` (seed 004's cross-cluster
 * bridges), keeping the best pair per pair of documents, best first, at most `limit`. Exact and
 * quadratic in the number of chunks: meant for an admin's occasional look at a policy corpus, not for
 * every request. Access control is the caller's (KnowledgeBase.findBridges admits admins only).
 */
export function findBridges(chunks: readonly StoredChunk[], dense: DenseIndex, threshold: number, limit: number): { bridges: Bridge[]; compared: number } {
  const best = new Map<string, Bridge>();
  let compared = 0;
  for (let i = 0; i < chunks.length; i += 1) {
    const left = chunks[i];
    if (!left) continue;
    const a = dense.row(i);
    for (let j = i + 1; j < chunks.length; j += 1) {
      const right = chunks[j];
      if (!right || right.scope === left.scope) continue;
      compared += 1;
      const b = dense.row(j);
      let score = 0;
      for (let d = 0; d < a.length; d += 1) score += (a[d] ?? 0) * (b[d] ?? 0);
      if (score <= threshold) continue;
      const [first, second] = left.doc_id < right.doc_id ? [left, right] : [right, left];
      const key = `${first.doc_id}\u0000${second.doc_id}`;
      if ((best.get(key)?.score ?? -Infinity) < score) best.set(key, { score, a: endOf(first), b: endOf(second) });
    }
  }
  const bridges = [...best.values()].sort((x, y) => y.score - x.score || x.a.chunk_id.localeCompare(y.a.chunk_id)).slice(0, limit);
  return { bridges, compared };
}
