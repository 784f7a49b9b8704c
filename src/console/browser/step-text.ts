import type { Step } from './api-types.js';

/** One kernel step as a line of the live list, or null for a step not worth a line. */
export function stepText(s: Step): string | null {
  const args = s.args ? ` ${JSON.stringify(s.args)}` : '';
  if (s.type === 'delegation.start') return `→ ${s.agent}: ${s.detail || ''}`;
  if (s.type === 'delegation.result') return `← ${s.agent}: ${s.status === 'ok' ? 'done' : 'failed'}`;
  if (s.type === 'tool.call') return `· ${s.agent} ${s.tool}${args} ${s.status}`;
  if (s.type === 'approval.requested') return `⏸ ${s.agent} waits for approval of ${s.tool}${args}`;
  if (s.type === 'approval.decided') return `✔ approval of ${s.tool}`;
  if (s.type === 'policy.deny') return `✗ ${s.agent} ${s.tool || ''} refused`;
  if (s.type === 'guard.block') return '✗ blocked by the input guard';
  if (s.type === 'kill' || s.type === 'budget.stop') return `■ stopped: ${s.detail || s.type}`;
  if (s.type === 'run.start') return '▶ run started';
  if (s.type === 'run.end') return `■ run ended: ${s.detail || ''}`;
  return null;
}
