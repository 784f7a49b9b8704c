import { scanUntrustedText, wrapAsData } from '../../policy/index.js';
import type { RunLedger } from './run-ledger.js';

/**
 * The one place a tool result is read before a model sees it, on every runtime: the tool-output guard
 * scans it for instruction-like text (audited as `guard.taint`), the raw text is kept as the evidence
 * the caller's delegation is judged on, and the model gets it wrapped as data with its source and trust.
 */
export function scanToolResult(run: RunLedger, call: { agent: string; tool: string }, text: string, failed: boolean): string {
  const taint = scanUntrustedText(text);
  run.toolEvidence.push({ tool: call.tool, outcome: failed ? 'error' : 'ok', text, fromServer: true, ...(taint.tainted && { tainted: true }) });
  if (taint.tainted) run.audit({ agent: call.agent, type: 'guard.taint', tool: call.tool, status: 'info', detail: `${taint.rule ?? 'unknown'}: ${taint.evidence ?? ''}` });
  return wrapAsData({ source: `tool:${call.tool}`, trust: 'tool', tainted: taint.tainted, content: text });
}
