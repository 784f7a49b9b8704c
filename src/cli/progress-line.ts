// The leaf module, not the domain barrel: `ask --stream` should not load the stores to print a line.
import { canonicalJson } from '../domain/args-hash.js';
import type { RunProgress } from '../runtimes/index.js';

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const indent = (p: RunProgress) => (p.agent === 'supervisor' ? '' : '  ');

/**
 * One line of `waybill ask --stream` for a step of the run, or undefined for steps not worth a line
 * (model calls, the run's own start and end: the answer follows). Delegations starting and ending, tool
 * calls, refusals, blocks, stops and the pause for approval are shown; tool arguments as canonical JSON.
 */
export function progressLine(p: RunProgress): string | undefined {
  const at = p.task_id ? ` [${p.task_id}]` : '';
  switch (p.type) {
    case 'delegation.start':
      return `→ ${p.agent}${at}: ${clip(p.detail ?? '')}`;
    case 'delegation.result':
      return `← ${p.agent}${at}: ${p.status === 'ok' ? 'done' : 'failed'}`;
    case 'tool.call':
      return `${indent(p)}· ${p.agent} ${p.tool ?? '?'} ${clip(canonicalJson(p.args ?? {}), 80)} ${p.status}${p.duration_ms !== undefined ? ` ${Math.round(p.duration_ms)} ms` : ''}`;
    case 'approval.requested':
      return `⏸ ${p.agent} waits for approval of ${p.tool ?? '?'} ${canonicalJson(p.args ?? {})}`;
    case 'approval.decided':
      return `✔ approval of ${p.tool ?? '?'}: ${clip(p.detail?.split('\n').at(-1) ?? p.status)}`;
    case 'policy.deny':
      return `${indent(p)}✗ ${p.agent}${p.tool ? ` ${p.tool}` : ''} refused: ${clip(p.detail ?? '')}`;
    case 'guard.block':
      return `✗ request blocked by the input guard`;
    case 'proof.retry':
      return `${indent(p)}↻ ${p.agent}${at} retried: its answer did not match its tool results`;
    case 'kill':
    case 'budget.stop':
      return `■ stopped: ${p.detail ?? p.type}`;
    default:
      return undefined;
  }
}
