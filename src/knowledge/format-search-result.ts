import type { PolicySearchResult } from './policy-hit.js';

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * A search result for a person: one header line (agent, hits, what was blocked and why), then each
 * hit with its fused score, both component ranks and scores, taint, and the start of its text.
 */
export function formatSearchResult(result: PolicySearchResult, excerptChars = 240): string {
  if (result.access === 'unknown_agent') return `agent ${result.agent} is not in the scopes file: no results (deny-by-default)`;
  const { blocked } = result;
  const lines = [
    `agent ${result.agent}: ${result.hits.length} hit(s); blocked ${blocked.total} (scope ${blocked.scope}, sensitivity ${blocked.sensitivity}, deny pattern ${blocked.deny_pattern}); tainted ${result.tainted}`,
  ];
  if (result.degraded) lines.push(`note: ${result.degraded}`);
  result.hits.forEach((hit, i) => {
    const lexical = hit.lexical ? `#${hit.lexical.rank} (${hit.lexical.score.toFixed(3)})` : '-';
    const dense = hit.dense ? `#${hit.dense.rank} (${hit.dense.score.toFixed(3)})` : '-';
    lines.push(
      `${i + 1}. ${hit.title} [${hit.chunk_id}] ${hit.scope}/${hit.sensitivity}${hit.tainted ? ` TAINTED (${hit.taint_rule ?? 'rule'})` : ''}`,
      `   fused ${hit.fused_score.toFixed(4)}  lexical ${lexical}  dense ${dense}`,
      `   ${oneLine(hit.text, excerptChars)}`,
    );
  });
  return lines.join('\n');
}
