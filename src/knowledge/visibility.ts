import { matchesDenyPattern } from './deny-pattern.js';
import type { AgentAccess } from './scopes-file.js';
import { sensitivityAtMost } from './sensitivity.js';
import type { StoredChunk } from './stored-chunk.js';

/** Whether an agent may see a chunk, or the first filter that stops it. */
type Visibility = 'allowed' | 'scope' | 'sensitivity' | 'deny_pattern';

/** Applies the filters in order: scope, then sensitivity, then deny patterns (over doc id and path). */
export function visibilityOf(access: AgentAccess, chunk: Pick<StoredChunk, 'scope' | 'sensitivity' | 'doc_id' | 'source_path'>): Visibility {
  if (!access.scopes.includes('*') && !access.scopes.includes(chunk.scope)) return 'scope';
  if (!sensitivityAtMost(chunk.sensitivity, access.max_sensitivity)) return 'sensitivity';
  if (access.deny_patterns.some((pattern) => matchesDenyPattern(pattern, chunk.doc_id) || matchesDenyPattern(pattern, chunk.source_path))) return 'deny_pattern';
  return 'allowed';
}

/** Per-chunk visibility for one agent, and the mask retrieval ranks within (1 = visible). */
export interface VisibilityMap {
  verdicts: Visibility[];
  allow: Uint8Array;
}

/** Visibility of every chunk for one agent. */
export function visibilityMap(access: AgentAccess, chunks: readonly StoredChunk[]): VisibilityMap {
  const verdicts = chunks.map((chunk) => visibilityOf(access, chunk));
  return { verdicts, allow: Uint8Array.from(verdicts, (verdict) => (verdict === 'allowed' ? 1 : 0)) };
}
