import type { RetrievalMode } from './hybrid-retriever.js';
import type { KnowledgeBase } from './knowledge-base.js';
import type { LabelledQuery } from './labelled-queries.js';

/** Recall@k of one query in each mode. */
interface QueryRecall {
  id: string;
  query: string;
  expected: string[];
  recall: Record<RetrievalMode, number>;
}

/** Mean recall@k per mode over a query set, and each query's own figures. */
export interface RecallReport {
  k: number;
  queries: number;
  recall: Record<RetrievalMode, number>;
  per_query: QueryRecall[];
}

const MODES: readonly RetrievalMode[] = ['lexical', 'dense', 'fused'];

/**
 * Recall@k for lexical only, dense only and fused retrieval: for each query, the share of its expected
 * documents found among the documents of the top k chunks, averaged over the queries. Unscoped: it
 * measures retrieval, not access control.
 */
export async function evaluateRecall(kb: KnowledgeBase, queries: readonly LabelledQuery[], k = 5): Promise<RecallReport> {
  const perQuery: QueryRecall[] = [];
  for (const item of queries) {
    const recall = { lexical: 0, dense: 0, fused: 0 };
    for (const mode of MODES) {
      const found = new Set((await kb.retrieveUnscoped(item.query, { limit: k, mode })).map((hit) => hit.doc_id));
      recall[mode] = item.expected.filter((id) => found.has(id)).length / item.expected.length;
    }
    perQuery.push({ id: item.id, query: item.query, expected: item.expected, recall });
  }
  const mean = (mode: RetrievalMode): number => perQuery.reduce((sum, q) => sum + q.recall[mode], 0) / Math.max(1, perQuery.length);
  return { k, queries: perQuery.length, recall: { lexical: mean('lexical'), dense: mean('dense'), fused: mean('fused') }, per_query: perQuery };
}
