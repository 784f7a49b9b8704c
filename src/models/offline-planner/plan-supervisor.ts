import type { CallSpec, Language, PlannerReply } from './chat-types.js';
import type { AgentName, AgentTool } from './agent-tools.js';
import { AGENT_FOR_INTENT } from './agent-tools.js';
import type { Conversation } from './conversation.js';
import { detectLanguage } from './detect-language.js';
import { locateIntents } from './extract-intents.js';
import type { LocatedIntent } from './intent.js';
import { summariseTurn } from './summarise-turn.js';
import { toToolCalls } from './tool-call-ids.js';
import { unavailableMessage } from './unavailable-message.js';

interface AgentWork {
  agent: AgentName;
  sources: string[];
}

function groupByAgent(located: readonly LocatedIntent[]): AgentWork[] {
  const groups: AgentWork[] = [];
  for (const { intent, source } of located) {
    const agent = AGENT_FOR_INTENT[intent.kind];
    const group = groups.find((g) => g.agent === agent) ?? groups[groups.push({ agent, sources: [] }) - 1];
    if (group && !group.sources.includes(source)) group.sources.push(source);
  }
  return groups;
}

function noAgentNote(work: AgentWork, language: Language): string {
  const what = work.sources.join('; ');
  return language === 'uk' ? `Немає агента (${work.agent}) для «${what}».` : `No agent (${work.agent}) is offered for "${what}".`;
}

/**
 * Supervisor position (agents-as-tools or transfer_to_* handoffs offered): routes tracking and
 * cancellation to tracking_agent, stock to warehouse_agent, pricing to pricing_agent. Agents-as-tools
 * get the part of the request that is theirs (the whole request when only one agent is needed), all in
 * one message; handoffs go one at a time, because a handoff passes control and a parallel one would
 * run two workers on one shared history. Each agent is called at most once per turn; when all have
 * answered, their answers are the final answer.
 */
export function planSupervisor(conversation: Conversation, agentTools: ReadonlyMap<AgentName, AgentTool>): PlannerReply {
  const language = detectLanguage(conversation.task);
  const located = locateIntents(conversation.task);
  if (located.length === 0) return { kind: 'unavailable', content: unavailableMessage(language) };
  const groups = groupByAgent(located);
  const calledThisTurn = new Set(conversation.turnCalls.map((call) => call.name));
  const open = groups.flatMap((work) => {
    const tool = agentTools.get(work.agent);
    return tool && !calledThisTurn.has(tool.toolName) ? [{ work, tool }] : [];
  });
  const request = (work: AgentWork): string => (groups.length === 1 ? conversation.task.trim() : work.sources.join('; '));
  const asTools: CallSpec[] = open.flatMap(({ work, tool }) => (tool.argName === undefined ? [] : [{ name: tool.toolName, args: { [tool.argName]: request(work) } }]));
  const handoff = open.find(({ tool }) => tool.argName === undefined);
  const next = asTools.length > 0 ? asTools : handoff ? [{ name: handoff.tool.toolName, args: {} }] : [];
  if (next.length > 0) return { kind: 'tool_calls', toolCalls: toToolCalls(next, conversation.usedIds, conversation.calls.length) };

  const notes = groups.filter((work) => !agentTools.has(work.agent)).map((work) => noAgentNote(work, language));
  const summary = summariseTurn(conversation, language) ?? (notes.length > 0 ? undefined : language === 'uk' ? 'Агенти не повернули відповіді.' : 'The agents returned no answer.');
  return { kind: 'answer', content: [summary, ...notes].filter((part) => part !== undefined).join('\n\n') };
}
