/** Chunks an agent was not shown, by the first filter that stopped each. */
export interface BlockedCounts {
  scope: number;
  sensitivity: number;
  deny_pattern: number;
  total: number;
}

/**
 * One row of `knowledge_audit`: who asked what (the query with PII redacted), whether the agent was
 * known (`unknown_agent`) or refused (`refused`, for admin-only calls), how many hits it got, how many
 * were blocked, how many of its hits were tainted, and which chunks it was given.
 */
export interface KnowledgeAuditRecord {
  ts: string;
  kind: 'search' | 'bridges';
  agent: string;
  query: string;
  access: 'granted' | 'unknown_agent' | 'refused';
  allowed: number;
  blocked: BlockedCounts;
  tainted: number;
  hits: string[];
}

/** No chunk blocked. */
export const NOTHING_BLOCKED: Readonly<BlockedCounts> = Object.freeze({ scope: 0, sensitivity: 0, deny_pattern: 0, total: 0 });
