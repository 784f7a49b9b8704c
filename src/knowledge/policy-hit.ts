import type { BlockedCounts } from './knowledge-audit-record.js';
import type { ComponentRank } from './reciprocal-rank-fusion.js';
import type { Sensitivity } from './sensitivity.js';

/**
 * One retrieved chunk as an agent receives it. `fused_score` is the RRF score; `lexical` and `dense`
 * give each component's rank and raw score (BM25, cosine), null when that component did not return
 * the chunk. `text` is the raw chunk for display; `for_model` is the same text wrapped as untrusted
 * data (`wrapAsData`, source `kb:<doc_id>`, trust `retrieved`), which is what a model must be given.
 */
export interface PolicyHit {
  chunk_id: string;
  doc_id: string;
  title: string;
  scope: string;
  sensitivity: Sensitivity;
  source_kind: string;
  text: string;
  fused_score: number;
  lexical: ComponentRank | null;
  dense: ComponentRank | null;
  tainted: boolean;
  taint_rule?: string;
  for_model: string;
}

/** What `searchPolicies` returns; see its doc comment for the contract. */
export interface PolicySearchResult {
  agent: string;
  query: string;
  access: 'granted' | 'unknown_agent';
  hits: PolicyHit[];
  blocked: BlockedCounts;
  tainted: number;
  /** Set when dense retrieval was unavailable and the hits are lexical only. */
  degraded?: string;
}
