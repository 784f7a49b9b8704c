import { humanInTheLoopMiddleware } from 'langchain';
import { currentLedger, fileBeforePause, vetToolCall } from '../core/index.js';

/**
 * Human approval on `cancel_shipment` only, and only in `tracking_agent`: approve, edit or reject. A
 * refund below the auto-approve threshold (default 0, so never) goes through without a pause (the tool
 * gate records the automatic decision in the store). The request is filed at the boundary when the
 * model proposes the call (`fileBeforePause`), once per pause.
 */
export function approvalMiddleware(agent: string) {
  return humanInTheLoopMiddleware({
    interruptOn: {
      cancel_shipment: {
        allowedDecisions: ['approve', 'edit', 'reject'],
        description: 'Irreversible: cancels the shipment and refunds the customer',
        when: async (request) => {
          const run = currentLedger();
          const { args } = request.toolCall;
          const verdict = vetToolCall(run, { agent, tool: 'cancel_shipment', args });
          if (verdict.verdict !== 'allow') return true;
          // The approval is filed at the boundary now; a call the domain refuses is answered, not paused.
          return verdict.needsApproval && (await fileBeforePause(run, { agent, tool: 'cancel_shipment', args }));
        },
      },
    },
  });
}
