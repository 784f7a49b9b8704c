import { DOMAIN_TOOLS } from '../../domain/index.js';
import { findAgentTools } from './agent-tools.js';
import { foldAgentContext } from './fold-agent-context.js';
import type { ChatMessage, OfferedTool, PlannerReply, PlanOptions } from './chat-types.js';
import type { Conversation } from './conversation.js';
import { readConversation } from './conversation.js';
import { detectLanguage } from './detect-language.js';
import { findMalformedIds, malformedIdNote } from './find-malformed-ids.js';
import { planSupervisor } from './plan-supervisor.js';
import { planWorker } from './plan-worker.js';
import { summariseTurn } from './summarise-turn.js';
import { notUnderstoodMessage } from './not-understood-message.js';

const DOMAIN_NAMES: readonly string[] = DOMAIN_TOOLS.map((tool) => tool.name);

// With no usable tools the planner can only pass on results this turn already holds.
function planWithoutTools(conversation: Conversation): PlannerReply {
  const language = detectLanguage(conversation.task);
  const summary = summariseTurn(conversation, language);
  if (summary !== undefined) return { kind: 'answer', content: summary };
  const notes = findMalformedIds(conversation.task).map((id) => malformedIdNote(id, language));
  return notes.length > 0 ? { kind: 'answer', content: notes.join('\n') } : { kind: 'not_understood', content: notUnderstoodMessage(conversation.task, language) };
}

/**
 * The next assistant message for a chat-completions conversation, decided only from the offered tools:
 * domain tools → worker; tracking_agent / warehouse_agent / pricing_agent or transfer_to_* → supervisor;
 * anything else → summarise this turn's results, or `not_understood`. Deterministic: the same input gives
 * the same reply, tool-call ids included. Reads only the last user message as the task.
 *
 * @example
 * planNextMessage([{ role: 'user', content: 'Де зараз посилка TTN-000001?' }], tools);
 * // { kind: 'tool_calls', toolCalls: [{ id: 'call_0', type: 'function',
 * //   function: { name: 'track_shipment', arguments: '{"tracking_id":"TTN-000001"}' } }] }
 */
export function planNextMessage(messages: readonly ChatMessage[], tools: readonly OfferedTool[], options: PlanOptions = {}): PlannerReply {
  const conversation = readConversation(foldAgentContext(messages));
  const offered = new Set(tools.filter((tool) => tool.type === 'function').map((tool) => tool.function.name));
  if (DOMAIN_NAMES.some((name) => offered.has(name))) return oneAtATime(planWorker(conversation, offered), options);
  const agents = findAgentTools(tools.filter((tool) => tool.type === 'function'));
  if (agents.size > 0) return planSupervisor(conversation, agents, options);
  return planWithoutTools(conversation);
}

// A worker's later turns pick up whatever is still missing, so keeping only the first call is enough.
function oneAtATime(reply: PlannerReply, options: PlanOptions): PlannerReply {
  return options.parallelToolCalls === false && reply.kind === 'tool_calls' ? { kind: 'tool_calls', toolCalls: reply.toolCalls.slice(0, 1) } : reply;
}
