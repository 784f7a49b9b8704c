import type { ChatMessage, ChatPlanner, ChatToolCall, OfferedTool, PlannerReply, PlanOptions } from '../models/index.js';
import { planNextMessage } from '../models/index.js';

/** Who a completion is for, as the conversation shows it, on any runtime. */
export interface PlannerView {
  /** `supervisor` (offered the workers), `reporter` (ADK's last agent, offered nothing) or `worker`. */
  role: 'supervisor' | 'worker' | 'reporter';
  /** Names of the offered tools. */
  tools: readonly string[];
  /** The first user message: the user's request, or a worker's sub-request. */
  request: string;
  /** The raw text of every tool result so far in this conversation. */
  results: readonly string[];
}

/** A scripted turn: text, tool calls, or `offline` to let the offline planner answer. Throwing is a model failure. */
export type PlannerTurn = { content: string } | { toolCalls: ReadonlyArray<{ name: string; args: Record<string, unknown> }> } | 'offline';

/**
 * A chat planner that answers by a script, usable on every runtime (LangGraph through the offline
 * planner chat model, the OpenAI Agents SDK and ADK through the oracle): the same misbehaving model
 * (two irreversible calls in one reply, a worker that throws, says nothing or invents a fact, obeys an
 * injected instruction) runs on all three. Keeps no state, so it is safe under concurrent runs.
 */
export function scriptedPlanner(script: (view: PlannerView) => PlannerTurn): ChatPlanner {
  let ids = 0;
  return (messages: readonly ChatMessage[], offered: readonly OfferedTool[], options?: PlanOptions): PlannerReply => {
    const tools = offered.map((tool) => tool.function.name);
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const role = tools.some((name) => name.endsWith('_agent')) ? 'supervisor' : tools.length === 0 && /reporter/i.test(system) ? 'reporter' : 'worker';
    const request = messages.find((m) => m.role === 'user')?.content ?? '';
    const results = messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '');
    const turn = script({ role, tools, request, results });
    if (turn === 'offline') return planNextMessage(messages, offered, options);
    if ('content' in turn) return { kind: 'answer', content: turn.content };
    const toolCalls: ChatToolCall[] = turn.toolCalls.map((call) => ({ id: `call_scripted_${(ids += 1)}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }));
    return { kind: 'tool_calls', toolCalls };
  };
}
