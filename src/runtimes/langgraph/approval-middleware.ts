import { humanInTheLoopMiddleware } from 'langchain';
import { currentLedger, vetToolCall } from '../core/index.js';

/**
 * Human approval on `cancel_shipment` only, and only in `tracking_agent`: approve, edit or reject. A
 * refund below the auto-approve threshold (default 0, so never) goes through without a pause and is
 * audited as auto-approved.
 */
export function approvalMiddleware(agent: string) {
  return humanInTheLoopMiddleware({
    interruptOn: {
      cancel_shipment: {
        allowedDecisions: ['approve', 'edit', 'reject'],
        description: 'Irreversible: cancels the shipment and refunds the customer',
        when: (request) => {
          const run = currentLedger();
          const verdict = vetToolCall(run, { agent, tool: 'cancel_shipment', args: request.toolCall.args });
          const needsApproval = verdict.verdict !== 'allow' || verdict.needsApproval;
          if (!needsApproval) {
            run.audit({ agent, type: 'approval.decided', tool: 'cancel_shipment', args: request.toolCall.args, status: 'ok', detail: 'auto-approved below the threshold' });
          } else if (!run.resuming) {
            run.audit({ agent, type: 'approval.requested', tool: 'cancel_shipment', args: request.toolCall.args, status: 'pending' });
          }
          return needsApproval;
        },
      },
    },
  });
}
