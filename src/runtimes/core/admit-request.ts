import { detectInjection } from '../../policy/index.js';
import type { RunLedger } from './run-ledger.js';

export type Admission = { admitted: true; text: string } | { admitted: false };

/**
 * The one place a user's request enters a run, on every runtime, before any model or checkpoint sees it:
 * the input guard (a blocked request stops the run with `input_blocked` at 0 tokens; the rule goes to the
 * audit trail, not to the user). `text` is what the framework is given; ingress redaction goes here.
 */
export function admitRequest(run: RunLedger, input: string): Admission {
  run.audit({ agent: 'supervisor', type: 'run.start', status: 'info', detail: input.slice(0, 500) });
  const verdict = detectInjection(input);
  if (verdict.blocked) {
    run.audit({ agent: 'supervisor', type: 'guard.block', status: 'blocked', detail: `${verdict.rule ?? ''}: ${verdict.evidence ?? ''}` });
    run.stop('input_blocked', verdict.rule ?? 'blocked');
    return { admitted: false };
  }
  return { admitted: true, text: input };
}
