import { ToolMessage } from '@langchain/core/messages';
import { interrupt } from '@langchain/langgraph';
import { createMiddleware } from 'langchain';
import { currentLedger, fileBeforePause, vetToolCall } from '../core/index.js';

const TOOL = 'cancel_shipment';
const DECISIONS = ['approve', 'edit', 'reject'] as const;
const DESCRIPTION = 'Irreversible: cancels the shipment and refunds the customer';

/** What an operator's decision resumes the pause with (the shape of LangChain's human-in-the-loop responses). */
type Decision = { type: 'approve' } | { type: 'edit'; editedAction?: { args?: unknown } } | { type: 'reject'; message?: unknown };

/**
 * Human approval on `cancel_shipment` only, and only in `tracking_agent`: approve, edit or reject. A
 * refund below the auto-approve threshold (default 0, so never) goes through without a pause (the tool
 * gate records the automatic decision in the store). The request is filed at the boundary when the
 * call is about to run (`fileBeforePause`), once per pause.
 *
 * The pause is an `interrupt` inside the call itself, not LangChain's human-in-the-loop middleware: its
 * `after_model` node was a graph step of its own after every model call of the worker (about 8 of the
 * 84 runnable invocations of a run, issue 22). The interrupt and the resume keep that middleware's
 * shapes (`actionRequests`, `reviewConfigs`; `{ decisions: [...] }`), which the runtime reads. On resume
 * only this call runs again: calls made beside it in the same turn keep their results.
 */
export function approvalMiddleware(agent: string) {
  return createMiddleware({
    name: `waybill_approval_${agent}`,
    wrapToolCall: async (request, handler) => {
      const { name, args, id } = request.toolCall;
      if (name !== TOOL || !(await pauses(agent, args))) return handler(request);
      const response = interrupt({ actionRequests: [{ name, args, description: DESCRIPTION }], reviewConfigs: [{ actionName: name, allowedDecisions: [...DECISIONS] }] }) as { decisions?: Decision[] } | undefined;
      const decision = response?.decisions?.[0];
      if (decision?.type === 'approve') return handler(request);
      if (decision?.type === 'edit') {
        const edited = decision.editedAction?.args;
        if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) throw new Error(`edited arguments of ${name} must be an object`);
        return handler({ ...request, toolCall: { ...request.toolCall, args: edited as Record<string, unknown> } });
      }
      if (decision?.type === 'reject') {
        const content = typeof decision.message === 'string' ? decision.message : `The operator rejected ${name}`;
        return new ToolMessage({ content, name, tool_call_id: id ?? name, status: 'error' });
      }
      throw new Error(`unexpected decision on ${name}: ${JSON.stringify(response)}`);
    },
  });
}

// A call policy refuses pauses too: it is never run without a human (the policy middleware refuses it first).
async function pauses(agent: string, args: Record<string, unknown>): Promise<boolean> {
  const run = currentLedger();
  const verdict = vetToolCall(run, { agent, tool: TOOL, args });
  if (verdict.verdict !== 'allow') return true;
  // The approval is filed at the boundary now; a call the domain refuses is answered, not paused.
  return verdict.needsApproval && (await fileBeforePause(run, { agent, tool: TOOL, args }));
}
