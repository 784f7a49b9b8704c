import { redactPii, scanUntrustedText, wrapAsData } from '../policy/index.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import { NOTHING_BLOCKED } from './knowledge-audit-record.js';
import type { KnowledgeIndex } from './knowledge-index.js';
import type { KnowledgeStore } from './knowledge-store.js';
import type { PolicyHit, PolicySearchResult } from './policy-hit.js';
import type { AgentAccess } from './scopes-file.js';
import { visibilityMap } from './visibility.js';

/** A request as the runtime makes it: `agent` is the caller's identity, never a model argument. */
export interface PolicySearchRequest {
  agent: string;
  query: string;
  /** Hits to return, 1 to 50 (default 5). */
  limit?: number;
}

/** What a scoped search needs: the caller's entry (undefined: unknown), the index, the audit sink. */
export interface ScopedSearchContext {
  access: AgentAccess | undefined;
  index: () => Promise<KnowledgeIndex>;
  store: KnowledgeStore;
  now: () => Date;
}

/** Longer queries are cut: retrieval gains nothing from them and the audit stays small. */
const MAX_QUERY_CHARS = 2000;

/** Runs one scoped search and writes its audit record; the contract is on KnowledgeBase.searchPolicies. */
export async function runScopedSearch(context: ScopedSearchContext, request: PolicySearchRequest, limit: number): Promise<PolicySearchResult> {
  const query = request.query.trim().slice(0, MAX_QUERY_CHARS);
  const base = { agent: request.agent, query, access: 'granted' as const, hits: [] as PolicyHit[], blocked: { ...NOTHING_BLOCKED }, tainted: 0 };
  const audit = async (result: PolicySearchResult): Promise<PolicySearchResult> => {
    const record: KnowledgeAuditRecord = {
      ts: context.now().toISOString(), kind: 'search', agent: request.agent, query: redactPii(query).text, access: result.access,
      allowed: result.hits.length, blocked: result.blocked, tainted: result.tainted, hits: result.hits.map((hit) => hit.chunk_id),
    };
    await context.store.writeAudit(record);
    return result;
  };
  if (!context.access) return audit({ ...base, access: 'unknown_agent' });
  if (query === '') return audit(base);

  const index = await context.index();
  let visible = index.visibility.get(request.agent);
  if (!visible) index.visibility.set(request.agent, (visible = visibilityMap(context.access, index.chunks)));
  const { verdicts, allow } = visible;
  const prepared = await index.retriever.prepare(query);
  const ranked = index.retriever.rank(prepared, { limit, allow });
  // What an unrestricted caller would have got, to count what this agent was denied and why.
  const blocked = { scope: 0, sensitivity: 0, deny_pattern: 0, total: 0 };
  for (const hit of index.retriever.rank(prepared, { limit })) {
    const verdict = verdicts[hit.index];
    if (verdict === undefined || verdict === 'allowed') continue;
    blocked[verdict] += 1;
    blocked.total += 1;
  }
  const hits = ranked.flatMap((hit): PolicyHit[] => {
    const chunk = index.chunks[hit.index];
    if (!chunk) return [];
    const taint = scanUntrustedText(`${chunk.title}\n${chunk.text}`);
    const { chunk_id, doc_id, title, scope, sensitivity, source_kind, text } = chunk;
    return [{
      chunk_id, doc_id, title, scope, sensitivity, source_kind, text,
      fused_score: hit.fused_score, lexical: hit.lexical, dense: hit.dense, tainted: taint.tainted, ...(taint.rule && { taint_rule: taint.rule }),
      for_model: wrapAsData({ source: `kb:${doc_id}`, trust: 'retrieved', tainted: taint.tainted, content: `${title}\n\n${text}` }),
    }];
  });
  const degraded = prepared.denseError ?? index.denseError;
  return audit({
    ...base, hits, blocked, tainted: hits.filter((hit) => hit.tainted).length,
    ...(degraded !== undefined && { degraded: `dense retrieval unavailable, lexical only: ${degraded}` }),
  });
}
