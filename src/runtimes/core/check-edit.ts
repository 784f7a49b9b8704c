import { ROLES_TABLE } from '../../agents/index.js';
import { checkCancelEdit } from '../../domain/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { checkToolCall } from '../../policy/index.js';
import type { RunPending } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';

/** The one refusal of an edit, whichever check refused it: every path says it in these words. */
export const editRefused = (problems: readonly string[]): DecisionError => new DecisionError('invalid_edit', `edit refused: ${problems.join('; ')}`, problems);

/**
 * Throws DecisionError `invalid_edit` unless an operator's edit of a paused call passes the one edit rule
 * (`checkCancelEdit`, the rule stored approvals are decided by too: merged over the paused call's
 * arguments, same shipment, refund in kopecks within the cap) and the policy accepts the edited call.
 * Checked before the pause is claimed, so a refused edit leaves it undecided.
 */
export function checkEdit(pending: RunPending, edit: Record<string, unknown>, policy: DomainPolicy): void {
  if (pending.tool !== 'cancel_shipment') throw editRefused([`edit: only a cancel_shipment call can be edited, not ${pending.tool}`]);
  const checked = checkCancelEdit(pending.args, edit);
  if (!checked.success) throw editRefused(checked.problems);
  const verdict = checkToolCall({ roles: ROLES_TABLE, agent: pending.agent, tool: pending.tool, args: checked.args, policy });
  if (verdict.verdict === 'deny') throw editRefused([`${pending.tool}: ${verdict.detail}`]);
}
