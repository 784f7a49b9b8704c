import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ApprovalRequiredResult, Caller, DomainStore } from '../domain/index.js';
import { decideApproval } from '../domain/index.js';
import type { Logger } from './stderr-logger.js';

export interface ElicitApprovalOptions {
  server: Server;
  store: DomainStore;
  caller: Caller;
  logger: Logger;
  /** The request the question belongs to (over HTTP the question travels on that request's stream). */
  relatedRequestId: string | number;
  /** How long the person has to answer before the link remains the way to decide. */
  timeoutMs: number;
}

/**
 * After the question: `repeat` when the approval now has a decision (this one, or one taken elsewhere
 * meanwhile) and the call should be repeated with its id; otherwise why the link remains the way.
 */
export type ElicitedDecision = { repeat: true } | { repeat: false; why: string };

/** True when the client said, at initialize, that it can show a form to its user. */
export function clientCanElicit(server: Server): boolean {
  const elicitation = server.getClientCapabilities()?.elicitation;
  // A bare `elicitation: {}` is the 2025-06-18 form of "form mode supported".
  return elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0);
}

/**
 * Asks the person at the client to approve or reject a pending approval, and records their answer
 * exactly as the console would (`decided_by` names the caller's key and the channel). This only
 * decides; the grant is still what authorises the call that follows, checked and consumed with it.
 * A declined or unanswered question, or a client error, decides nothing.
 */
export async function elicitApproval(pending: ApprovalRequiredResult, options: ElicitApprovalOptions): Promise<ElicitedDecision> {
  const { server, store, caller, logger } = options;
  const args = pending.args;
  let answer;
  try {
    answer = await server.elicitInput(
      {
        mode: 'form',
        message: `Approve ${pending.tool} ${JSON.stringify(args)}? It cannot be undone. (${pending.approval_id}, requested by ${caller.principal} for tenant ${caller.tenant})`,
        requestedSchema: {
          type: 'object',
          properties: {
            decision: { type: 'string', title: 'Decision', enum: ['approve', 'reject'], enumNames: ['Approve', 'Reject'] },
            reason: { type: 'string', title: 'Reason (recorded with the decision)', maxLength: 500 },
          },
          required: ['decision'],
        },
      },
      { relatedRequestId: options.relatedRequestId, timeout: options.timeoutMs },
    );
  } catch (error) {
    logger.warn('approval elicitation failed; the approval stays pending', { approval_id: pending.approval_id, error: error instanceof Error ? error.message : String(error) });
    return { repeat: false, why: 'the approval question was not answered' };
  }
  if (answer.action !== 'accept') return { repeat: false, why: `the approval question was ${answer.action === 'decline' ? 'declined' : 'dismissed'}` };
  const decision = answer.content?.decision;
  if (decision !== 'approve' && decision !== 'reject') return { repeat: false, why: 'the answer named no decision' };
  const reason = typeof answer.content?.reason === 'string' && answer.content.reason.trim() !== '' ? answer.content.reason.trim() : undefined;
  const outcome = await decideApproval(store, {
    approvalId: pending.approval_id,
    tenant: caller.tenant,
    decision,
    decidedBy: `mcp-elicitation:${caller.channel}:${caller.principal}`,
    ...(reason !== undefined && { reason }),
  });
  if (outcome.kind !== 'decided') logger.info('approval elicitation answered but not recorded', { approval_id: pending.approval_id, outcome: outcome.kind });
  // Decided elsewhere meanwhile, or expired: the repeated call with the approval id says which, truthfully.
  if (outcome.kind === 'decided' || outcome.kind === 'already_decided' || outcome.kind === 'expired') return { repeat: true };
  return { repeat: false, why: `the decision was not recorded (${outcome.kind.replace('_', ' ')})` };
}
