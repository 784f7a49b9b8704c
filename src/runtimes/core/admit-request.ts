import { detectInjection, redactPii } from '../../policy/index.js';
import type { RunLedger } from './run-ledger.js';

export type Admission = { admitted: true; text: string } | { admitted: false };

/** What the guards make of a request: its redaction and the input guard's verdict. */
export interface RequestChecks {
  readonly redaction: ReturnType<typeof redactPii>;
  readonly verdict: ReturnType<typeof detectInjection>;
}

/** Both guards over a request, once: a run admitted twice (the kernel's ask on PostgreSQL) reads it again from here. */
export function checkRequest(input: string): RequestChecks {
  return { redaction: redactPii(input), verdict: detectInjection(input) };
}

/**
 * The one place a user's request enters a run, on every runtime, before any model or checkpoint sees it:
 * the input guard (a blocked request stops the run with `input_blocked` at 0 tokens; the rule goes to the
 * audit trail, not to the user; an out-of-domain request is admitted and audited as `guard.out_of_domain`). `text`, what the framework is given, has personal data replaced by
 * typed placeholders. `checks` are the guards' reading of that request (`checkRequest`).
 */
export function admitRequest(run: RunLedger, checks: RequestChecks): Admission {
  // PII never stored raw (issue 20): the framework, its checkpoints and the audit trail get typed placeholders.
  const { redaction, verdict } = checks;
  run.audit({ agent: 'supervisor', type: 'run.start', status: 'info', detail: redaction.text.slice(0, 500) });
  auditVariant(run);
  if (redaction.total > 0) run.audit({ agent: 'supervisor', type: 'pii.redacted', status: 'info', detail: JSON.stringify(redaction.counts) });
  if (verdict.blocked) {
    run.audit({ agent: 'supervisor', type: 'guard.block', status: 'blocked', detail: `${verdict.rule ?? ''}: ${verdict.evidence ?? ''}` });
    run.stop('input_blocked', verdict.rule ?? 'blocked');
    return { admitted: false };
  }
  // Not logistics (code, recipes, chit-chat): no attack, so no guard.block; the run goes on to the
  // model or planner, whose answer says what Waybill can do. Audited under its own type.
  if (verdict.label === 'out_of_domain') run.audit({ agent: 'supervisor', type: 'guard.out_of_domain', status: 'info', detail: `score ${verdict.score}` });
  return { admitted: true, text: redaction.text };
}

/** Which arm of a staged rollout runs the run (or its part after an approval or a crash), in the trail beside it (docs/rollout.md). */
export function auditVariant(run: RunLedger): void {
  const { variant } = run.init;
  if (variant) run.audit({ agent: 'supervisor', type: 'rollout.variant', status: 'info', detail: JSON.stringify(variant) });
}
