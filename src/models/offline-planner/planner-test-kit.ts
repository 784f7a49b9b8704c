// Test helpers for the offline planner: conversations built the way runtimes build them, with tool
// results from the real domain operations over an in-memory store. Imported by tests only.
import { z } from 'zod';
import { DOMAIN_TOOLS, SqliteDomainStore } from '../../domain/index.js';
import type { ChatMessage, ChatToolCall, OfferedTool, PlannerReply } from './chat-types.js';
import { planNextMessage } from './plan-next-message.js';

/** Domain tools as OpenAI function definitions, optionally only the named ones. */
export function domainTools(names?: readonly string[]): OfferedTool[] {
  return DOMAIN_TOOLS.filter((tool) => !names || names.includes(tool.name)).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: z.toJSONSchema(tool.inputSchema, { io: 'input' }) as Record<string, unknown> },
  }));
}

/** An agent-as-tool definition with one required string property. */
export function agentTool(name: string, property = 'request'): OfferedTool {
  return {
    type: 'function',
    function: { name, description: `Delegate to ${name}`, parameters: { type: 'object', properties: { [property]: { type: 'string' } }, required: [property] } },
  };
}

/** A handoff tool with no parameters, as langgraph-supervisor and the OpenAI Agents SDK name them. */
export function handoffTool(agent: string): OfferedTool {
  return { type: 'function', function: { name: `transfer_to_${agent}`, parameters: { type: 'object', properties: {} } } };
}

/** Message builders, as a runtime would send them. */
export const user = (content: string): ChatMessage => ({ role: 'user', content });
/** A system message (the planner does not read it). */
export const system = (content: string): ChatMessage => ({ role: 'system', content });
/** An assistant message that only calls tools. */
export const assistantCalls = (toolCalls: ChatToolCall[]): ChatMessage => ({ role: 'assistant', content: null, tool_calls: toolCalls });
/** A tool message answering one call. */
export const toolResult = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

/** The calls of a reply as `{name, args}` with parsed arguments; fails the test if the reply is not calls. */
export function callsOf(reply: PlannerReply): Array<{ name: string; args: unknown }> {
  if (reply.kind !== 'tool_calls') throw new Error(`expected tool calls, got ${reply.kind}: ${reply.content}`);
  return reply.toolCalls.map((call) => ({ name: call.function.name, args: JSON.parse(call.function.arguments) as unknown }));
}

/** The text of a reply; fails the test if the reply is not a final answer. */
export function answerOf(reply: PlannerReply): string {
  if (reply.kind !== 'answer') throw new Error(`expected an answer, got ${reply.kind}: ${JSON.stringify(reply)}`);
  return reply.content;
}

/** Runs a domain tool for real; `override` may replace a result (an approval step, a fault). */
export type ToolRunner = (name: string, args: Record<string, unknown>) => Promise<string>;

/** A runner over a fresh in-memory store with the fixtures; close it when done. */
export function domainRunner(): { run: ToolRunner; close: () => Promise<void> } {
  const store = SqliteDomainStore.open(':memory:');
  // A frozen clock (not src/testing, which the build leaves out) keeps written timestamps reproducible.
  const now = (): Date => new Date('2026-11-30T12:00:00.000Z');
  return {
    run: async (name, args) => {
      const tool = DOMAIN_TOOLS.find((candidate) => candidate.name === name);
      if (!tool) return JSON.stringify({ status: 'error', problems: [`unknown tool ${name}`] });
      // The kit stands in for a runtime whose approval step already authorised the call (no grant here).
      return JSON.stringify(await tool.run({ store, now, approvals: { grants: 'not_checked' } }, args));
    },
    close: () => store.close(),
  };
}

/** The whole tool loop a runtime would run: planner, tools, planner … until a reply that is not calls. */
export async function runLoop(
  start: readonly ChatMessage[],
  tools: readonly OfferedTool[],
  run: ToolRunner,
  maxSteps = 8,
): Promise<{ messages: ChatMessage[]; final: PlannerReply; calls: Array<{ name: string; args: Record<string, unknown> }> }> {
  const messages = [...start];
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  for (let step = 0; step < maxSteps; step += 1) {
    const reply = planNextMessage(messages, tools);
    if (reply.kind !== 'tool_calls') return { messages, final: reply, calls };
    messages.push(assistantCalls(reply.toolCalls));
    for (const call of reply.toolCalls) {
      const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
      calls.push({ name: call.function.name, args });
      messages.push(toolResult(call.id, await run(call.function.name, args)));
    }
  }
  throw new Error('the planner did not finish');
}

/** The tools each worker holds (DESIGN.md §4). */
export const WORKER_TOOLS: Readonly<Record<string, readonly string[]>> = {
  tracking_agent: ['track_shipment', 'cancel_shipment'],
  warehouse_agent: ['check_stock'],
  pricing_agent: ['calc_delivery'],
};
