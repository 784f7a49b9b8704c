import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool, parseArgs } from '../../domain/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { checkToolCall } from '../../policy/index.js';
import type { RunPending } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';

/**
 * Throws DecisionError `invalid_edit` unless an operator's edit of a paused call is one the call's tool
 * and the policy accept, on the same shipment: an edit may change the refund or the reason, not the target.
 */
export function checkEdit(pending: RunPending, args: Record<string, unknown>, policy: DomainPolicy): void {
  const schema = findDomainTool(pending.tool)?.inputSchema;
  if (!schema) throw new DecisionError('invalid_edit', `${pending.tool} is not a domain tool`);
  const parsed = parseArgs(schema, args);
  if (!parsed.success) throw new DecisionError('invalid_edit', `edited arguments are invalid: ${parsed.problems.join('; ')}`, parsed.problems);
  const verdict = checkToolCall({ roles: ROLES_TABLE, agent: pending.agent, tool: pending.tool, args, policy });
  if (verdict.verdict === 'deny') throw new DecisionError('invalid_edit', `edited arguments are refused: ${verdict.detail}`, [verdict.detail]);
  if (String(args.tracking_id ?? '').toUpperCase().trim() !== String(pending.args.tracking_id ?? '').toUpperCase()) {
    throw new DecisionError('invalid_edit', 'an edit may change the refund or the reason, not which shipment is cancelled');
  }
}
