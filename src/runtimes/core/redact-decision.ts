import { redactPii, redactValues } from '../../policy/index.js';
import type { Decision } from './runtime.js';

/**
 * An operator's decision with personal data taken out of what it carries: a rejection's reason and an
 * edit's arguments end up in the resume intent, the approval row, the audit chain and the run record,
 * so they are redacted before any of those is written, as the request text is.
 */
export function redactDecision(decision: Decision): Decision {
  if (decision.type === 'reject') return { ...decision, reason: redactPii(decision.reason).text };
  if (decision.type === 'edit') return { ...decision, args: redactValues(decision.args) };
  return decision;
}
