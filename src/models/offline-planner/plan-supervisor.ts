import type { CallSpec, Language, PlannerReply, PlanOptions } from './chat-types.js';
import type { AgentName, AgentTool } from './agent-tools.js';
import { AGENT_FOR_INTENT, AGENT_NAMES } from './agent-tools.js';
import type { Conversation } from './conversation.js';
import { clarifyingQuestion } from './clarify.js';
import { detectLanguage } from './detect-language.js';
import { locateIntents } from './extract-intents.js';
import type { Intent, LocatedIntent } from './intent.js';
import { findMalformedIds, malformedIdNote } from './find-malformed-ids.js';
import { policyRoute } from './policy-route.js';
import { summariseTurn } from './summarise-turn.js';
import { say } from './say.js';
import { toToolCalls } from './tool-call-ids.js';
import { notUnderstoodMessage } from './not-understood-message.js';

interface AgentWork {
  agent: AgentName;
  /** What the sub-task is about: one shipment, one SKU, one route; parts about one subject stay together. */
  subject: string;
  sources: string[];
  kind: Intent['kind'] | 'policy';
}

function subjectOf(intent: Intent): string {
  switch (intent.kind) {
    case 'track':
    case 'cancel':
      return intent.trackingId;
    case 'stock':
      return intent.sku;
    case 'price':
      return `price:${intent.origin}:${intent.destination}:${intent.weightKg}:${intent.service}`;
    case 'incomplete_price':
      return 'price:incomplete';
  }
}

// One sub-task per independent subject, so each runs as its own delegation with a clean context and a
// failure of one (an unknown shipment, an open breaker) leaves the others whole.
function splitWork(located: readonly LocatedIntent[]): AgentWork[] {
  const groups: AgentWork[] = [];
  for (const { intent, source } of located) {
    const agent = AGENT_FOR_INTENT[intent.kind];
    const subject = subjectOf(intent);
    const group = groups.find((g) => g.agent === agent && g.subject === subject) ?? groups[groups.push({ agent, subject, sources: [], kind: intent.kind }) - 1];
    if (group && !group.sources.includes(source)) group.sources.push(source);
  }
  return groups;
}

// A policy question goes whole to the worker whose scopes hold its topic, or, when that worker is not
// offered, to the first one that is: the knowledge base checks the caller's scopes either way.
function policyWork(agent: AgentName, task: string, agentTools: ReadonlyMap<AgentName, AgentTool>): AgentWork {
  const asked = agentTools.has(agent) ? agent : (AGENT_NAMES.find((name) => agentTools.has(name)) ?? agent);
  return { agent: asked, subject: 'policy', sources: [task.trim()], kind: 'policy' };
}

// A clause that is only an identifier ("TTN-000002" from "status of TTN-000001, TTN-000002") gets the
// verb it shares with its neighbours, so the worker receives a request, not a bare code.
const VERBS: Readonly<Record<AgentWork['kind'], Readonly<Record<Language, string>>>> = {
  policy: { uk: 'Що кажуть правила про', en: 'What the policy says about', ru: 'Что говорят правила о' },
  track: { uk: 'Статус', en: 'Status of', ru: 'Статус' },
  cancel: { uk: 'Скасуй', en: 'Cancel', ru: 'Отмени' },
  stock: { uk: 'Залишок', en: 'Stock of', ru: 'Остаток' },
  price: { uk: 'Ціна доставки', en: 'Delivery price', ru: 'Стоимость доставки' },
  incomplete_price: { uk: 'Ціна доставки', en: 'Delivery price', ru: 'Стоимость доставки' },
};

const IDENTIFIER = /(?:TTN|SKU)-\d+/gi;

function subRequest(work: AgentWork, language: Language): string {
  const text = work.sources.join('; ');
  const ids = text.match(IDENTIFIER) ?? [];
  // Only connectors left around the identifier ("TTN-000007, а"): the clause has no verb of its own.
  const words = text.replace(IDENTIFIER, ' ').split(/[^\p{L}]+/u).filter((word) => word.length > 3);
  return ids.length > 0 && words.length === 0 ? `${VERBS[work.kind][language]} ${ids.join(', ')}` : text;
}

function noAgentNote(work: AgentWork, language: Language): string {
  const what = work.sources.join('; ');
  return say(language, { uk: `Немає агента (${work.agent}) для «${what}».`, en: `No agent (${work.agent}) is offered for "${what}".`, ru: `Нет агента (${work.agent}) для «${what}».` });
}

/**
 * Supervisor position (agents-as-tools or transfer_to_* handoffs offered): routes tracking and
 * cancellation to tracking_agent, stock to warehouse_agent, pricing to pricing_agent. Agents-as-tools
 * get one call per independent sub-task (the whole request when there is only one), all in one
 * message, or one per turn when the caller set `parallelToolCalls: false`; handoffs go one at a time,
 * because a handoff passes control and a parallel one would run two workers on one shared history.
 * Each sub-task is delegated once per turn; when all have answered, their answers are the final answer.
 */
export function planSupervisor(conversation: Conversation, agentTools: ReadonlyMap<AgentName, AgentTool>, options: PlanOptions = {}): PlannerReply {
  const language = detectLanguage(conversation.task);
  const located = locateIntents(conversation.task, language);
  // A malformed id is the user's to fix: the supervisor says so itself and delegates nothing for it.
  const notes = findMalformedIds(conversation.task).map((id) => malformedIdNote(id, language));
  const policy = notes.length === 0 ? policyRoute(located.map((l) => l.intent), conversation.task) : undefined;
  // A request that lacks what every tool needs is asked back here, without delegating a part no worker can do.
  const clarification = policy || notes.length > 0 ? undefined : clarifyingQuestion(conversation.task, located.map((l) => l.intent), language);
  if (clarification !== undefined) return { kind: 'answer', content: clarification };
  if (located.length === 0 && !policy) return notes.length > 0 ? { kind: 'answer', content: notes.join('\n') } : { kind: 'not_understood', content: notUnderstoodMessage(conversation.task, language) };
  const groups = policy ? [policyWork(policy.agent, conversation.task, agentTools)] : splitWork(located);
  const request = (work: AgentWork): string => (groups.length === 1 ? conversation.task.trim() : subRequest(work, language));
  const delegated = new Set(conversation.turnCalls.map((call) => `${call.name}\u0000${JSON.stringify(Object.values(call.args))}`));
  const handedOff = new Set(conversation.turnCalls.map((call) => call.name));
  const open = groups.flatMap((work) => {
    const tool = agentTools.get(work.agent);
    if (!tool) return [];
    const done = tool.argName === undefined ? handedOff.has(tool.toolName) : delegated.has(`${tool.toolName}\u0000${JSON.stringify([request(work)])}`);
    return done ? [] : [{ work, tool }];
  });
  const asTools: CallSpec[] = open.flatMap(({ work, tool }) => (tool.argName === undefined ? [] : [{ name: tool.toolName, args: { [tool.argName]: request(work) } }]));
  const handoff = open.find(({ tool }) => tool.argName === undefined);
  const parallel = asTools.length > 0 ? asTools : handoff ? [{ name: handoff.tool.toolName, args: {} }] : [];
  const next = options.parallelToolCalls === false ? parallel.slice(0, 1) : parallel;
  if (next.length > 0) return { kind: 'tool_calls', toolCalls: toToolCalls(next, conversation.usedIds, conversation.calls.length) };

  const missing = groups.filter((work, index) => !agentTools.has(work.agent) && groups.findIndex((g) => g.agent === work.agent) === index).map((work) => noAgentNote(work, language));
  const summary = summariseTurn(conversation, language) ?? (missing.length > 0 ? undefined : say(language, { uk: 'Агенти не повернули відповіді.', en: 'The agents returned no answer.', ru: 'Агенты не вернули ответа.' }));
  const unsaid = notes.filter((note) => !summary?.includes(note));
  return { kind: 'answer', content: [summary, ...missing, ...unsaid].filter((part) => part !== undefined).join('\n\n') };
}
