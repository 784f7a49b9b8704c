import { redactToolResult, scanUntrustedText, textBearingLines, wrapAsData } from '../../policy/index.js';
import type { RunLedger } from './run-ledger.js';

/**
 * The one place a tool result is read before a model sees it, on every runtime: the tool-output guard
 * redacts personal data the role is not granted, scans the text in it for instructions (audited as
 * `guard.taint`), keeps the text as the evidence the caller's delegation is judged and proof-checked on,
 * and the model gets it wrapped as data with its source and trust.
 */
export function scanToolResult(run: RunLedger, call: { agent: string; tool: string; args?: Readonly<Record<string, unknown>> }, raw: string, failed: boolean): string {
  // PII never stored raw (issue 20): a role sees only the personal fields its grant names (none by default).
  const text = redactToolResult(call.agent, call.tool, raw);
  // The guard reads the result's text, not its dates, ids and statuses (textBearingLines).
  const taint = scanUntrustedText(textBearingLines(text));
  run.addEvidence({ tool: call.tool, ...(call.args && { args: call.args }), outcome: failed ? 'error' : 'ok', text, fromServer: true, ...(taint.tainted && { tainted: true }) });
  if (taint.tainted) run.audit({ agent: call.agent, type: 'guard.taint', tool: call.tool, status: 'info', detail: `${taint.rule ?? 'unknown'}: ${taint.evidence ?? ''}` });
  return wrapAsData({ source: `tool:${call.tool}`, trust: 'tool', tainted: taint.tainted, content: text });
}
