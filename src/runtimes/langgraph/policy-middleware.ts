import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { ROLES_TABLE } from '../../agents/index.js';
import { guardedTool, toolStop } from '../../policy/index.js';
import type { RolesTable } from '../../policy/index.js';
import { asksToCancel } from './asks-to-cancel.js';
import { currentLedger, gateToolCall, oneIrreversibleCall, refuseProposedCall, relayableAnswer, vetToolCall } from '../core/index.js';

// A reply with no tool calls ends the agent's loop: how a step that must not happen is skipped.
const halt = (text: string) => new AIMessage({ content: text, response_metadata: { model_name: 'waybill-policy', waybill_halt: true } });

const nameOf = (tool: unknown): string => String((tool as { name?: unknown }).name ?? '');

// The supervisor's turn right after its one delegation came back: the last message answers the only
// tool call of the reply before it.
function afterSingleDelegation(messages: readonly BaseMessage[]): boolean {
  const last = messages.at(-1);
  const before = messages.at(-2);
  return last?.getType() === 'tool' && before?.getType() === 'ai' && (before as AIMessage).tool_calls?.length === 1;
}

/**
 * The kernel's gates on every step of one LangGraph agent: the step gate before each model call, usage
 * after it, the one-irreversible-call rule and call vetting on the reply (before the approval
 * middleware sees it: a call policy denies is never put to a human), and the tool gate around each
 * domain tool call. All of it runs inside the model and tool nodes, adding no graph step.
 */
export function policyMiddleware(agent: string, options: { parallelToolCalls?: boolean; roles?: RolesTable } = {}) {
  const roles = options.roles ?? ROLES_TABLE;
  // Only a `false` is passed on: providers differ on whether they accept the field at all.
  const settings = options.parallelToolCalls === false ? { parallel_tool_calls: false } : undefined;
  return createMiddleware({
    name: `waybill_policy_${agent}`,
    // Everything around a model call runs inside the model node: hooks of their own would each be a
    // graph node with a checkpoint of its own (measured: 22 checkpoints a run instead of 12).
    wrapModelCall: async (request, handler) => {
      const run = currentLedger();
      // One clean delegation answers the request: its verified answer is the reply, with no second
      // supervisor call (the rules are relayableAnswer's; anything less asks the model as before).
      if (roles[agent]?.delegates.length && afterSingleDelegation(request.messages)) {
        const user = request.messages.filter((m) => m.getType() === 'human').at(-1);
        const relayed = relayableAnswer(run, typeof user?.content === 'string' ? user.content : '');
        if (relayed !== undefined) return new AIMessage({ content: relayed, response_metadata: { model_name: 'waybill-policy', waybill_relay: true } });
      }
      if (!(await run.beforeModelCall(agent))) return halt(`stopped: ${run.stopped?.reason ?? 'stopped'}`);
      const started = performance.now();
      // cancel_shipment is offered only when the user's own words ask for a cancellation (its schema is
      // about 200 tokens a call); a call of it without that offer is refused below.
      const tools = request.tools ?? [];
      const offered = tools.some((t) => nameOf(t) === 'cancel_shipment') && !asksToCancel(run.init) ? tools.filter((t) => nameOf(t) !== 'cancel_shipment') : tools;
      const modelSettings = settings ? { ...request.modelSettings, ...settings } : request.modelSettings;
      let reply = (await handler({ ...request, tools: offered, ...(modelSettings && { modelSettings }) })) as AIMessage;
      const model = String(reply.response_metadata?.model_name ?? reply.response_metadata?.model ?? 'unknown');
      const usage = run.init.usage.record(agent, model, reply, request.messages, offered);
      run.modelCall(agent, usage, Math.round(performance.now() - started));
      if (reply.response_metadata?.waybill_not_understood === true) {
        run.markNotUnderstood();
        run.stop('not_understood', 'the offline planner did not understand the request');
      }
      const calls = reply.tool_calls ?? [];
      // cancel_shipment left out of this turn's offer is refused if the model calls it anyway: the user
      // asked for no cancellation, and no human is asked.
      const withheld = offered === tools ? undefined : calls.find((call) => call.name === 'cancel_shipment');
      if (withheld) {
        const detail = `${withheld.name} was not offered: the request does not ask for a cancellation`;
        refuseProposedCall(run, { agent, tool: withheld.name, args: withheld.args }, { stopReason: toolStop('policy_deny', withheld.name), detail });
        return halt(`refused: ${detail}`);
      }
      const kept = oneIrreversibleCall(run, agent, calls);
      if (kept.length !== calls.length) reply = new AIMessage({ content: reply.content, tool_calls: kept, response_metadata: reply.response_metadata, ...(reply.usage_metadata && { usage_metadata: reply.usage_metadata }), ...(reply.id && { id: reply.id }) });
      for (const call of kept) {
        if (!guardedTool(call.name) && roles[agent]?.delegates.includes(call.name)) continue;
        const verdict = vetToolCall(run, { agent, tool: call.name, args: call.args }, roles);
        if (verdict.verdict === 'deny') {
          refuseProposedCall(run, { agent, tool: call.name, args: call.args }, verdict);
          return halt(`refused: ${verdict.detail}`);
        }
      }
      return reply;
    },
    wrapToolCall: async (request, handler) => {
      const { name: tool, args, id } = request.toolCall;
      if (!guardedTool(tool)) return handler(request);
      const run = currentLedger();
      const result = await gateToolCall(run, { agent, tool, args }, async (finalArgs) => {
        const message = (await handler({ ...request, toolCall: { ...request.toolCall, args: finalArgs } })) as ToolMessage;
        const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
        return { text, isError: (message.artifact as { isError?: unknown } | undefined)?.isError === true || message.status === 'error' };
      }, roles);
      return new ToolMessage({ content: result.content, tool_call_id: id ?? tool, ...(result.status !== 'ok' && { status: 'error' as const }) });
    },
  });
}
