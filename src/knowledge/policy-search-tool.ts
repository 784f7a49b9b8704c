import type { SearchPoliciesInput, ToolResult } from '../domain/index.js';
import { errorEnvelope } from '../domain/index.js';
import type { KnowledgeBase } from './knowledge-base.js';

/**
 * The MCP server's `search_policies` handler over a knowledge base: a scoped search as `agent` (the
 * scopes.json entry the server resolved from the caller), with passages wrapped as data.
 */
export function policySearchTool(knowledge: KnowledgeBase) {
  return async (agent: string | undefined, args: SearchPoliciesInput): Promise<ToolResult> => {
    if (!agent) return errorEnvelope(['caller: the request names no agent; knowledge search is deny-by-default']);
    const result = await knowledge.searchPolicies({ agent, query: args.query, ...(args.limit !== undefined && { limit: args.limit }) });
    return {
      status: 'ok',
      access: result.access,
      hits: result.hits.map((hit) => ({ doc_id: hit.doc_id, title: hit.title, scope: hit.scope, fused_score: hit.fused_score, passage: hit.for_model })),
      ...(result.degraded !== undefined && { degraded: result.degraded }),
    };
  };
}
