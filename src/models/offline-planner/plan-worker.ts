import type { CallSpec, PlannerReply } from './chat-types.js';
import { callKey } from './call-key.js';
import { callLookup, findCall } from './call-lookup.js';
import type { Conversation } from './conversation.js';
import { clarifyingQuestion } from './clarify.js';
import { detectLanguage } from './detect-language.js';
import { TOOL_FOR_INTENT } from './domain-calls.js';
import { extractIntents } from './extract-intents.js';
import type { Intent } from './intent.js';
import { intentAnswer, intentCalls } from './intent-steps.js';
import type { Language } from './chat-types.js';
import { describePolicy } from './describe-policy.js';
import { findMalformedIds, malformedIdNote } from './find-malformed-ids.js';
import { policyRoute } from './policy-route.js';
import { searchTerms } from './policy-concepts.js';
import { say } from './say.js';
import { tokenize } from './tokenize.js';
import { toToolCalls } from './tool-call-ids.js';
import { toolOutcome } from './tool-outcome.js';
import { notUnderstoodMessage } from './not-understood-message.js';

/** The knowledge tool a worker may hold (granted per agent by scope; see src/agents/roles.ts). */
const SEARCH_POLICIES = 'search_policies';
// The tool's schema caps the query (src/domain/search-policies-tool.ts).
const MAX_QUERY_CHARS = 2000;

// A policy question: search once, then answer from the passages, citing the document.
function planPolicySearch(conversation: Conversation, offered: ReadonlySet<string>, language: Language): PlannerReply {
  if (!offered.has(SEARCH_POLICIES)) return { kind: 'not_understood', content: notUnderstoodMessage(conversation.task, language) };
  const done = conversation.turnCalls.find((call) => call.name === SEARCH_POLICIES && call.result !== undefined);
  if (done) return { kind: 'answer', content: describePolicy(toolOutcome(done.result), conversation.task, language) };
  // The question as asked, plus the knowledge base's own terms for what it is about: a question in
  // Russian or English finds a passage written in Ukrainian, and the other way round.
  const words = tokenize(conversation.task.slice(0, MAX_QUERY_CHARS)).flatMap((token) => (token.kind === 'word' ? [token.word] : []));
  const query = `${conversation.task.trim()} ${searchTerms(words)}`.trim().slice(0, MAX_QUERY_CHARS);
  const spec: CallSpec = { name: SEARCH_POLICIES, args: { query, limit: 5 } };
  return { kind: 'tool_calls', toolCalls: toToolCalls([spec], conversation.usedIds, conversation.calls.length) };
}

function missingToolsMessage(intents: readonly Intent[], language: Language): string {
  const tools = [...new Set(intents.map((intent) => TOOL_FOR_INTENT[intent.kind]))].join(', ');
  return say(language, { uk: `Для цього запиту потрібні інструменти, яких тут немає: ${tools}.`, en: `This request needs tools that are not offered here: ${tools}.`, ru: `Для этого запроса нужны инструменты, которых здесь нет: ${tools}.` });
}

function unique(specs: readonly CallSpec[]): CallSpec[] {
  const seen = new Set<string>();
  return specs.filter((spec) => {
    const key = callKey(spec.name, spec.args);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Worker position (domain tools offered): calls the offered tools the task needs, never one already
 * made, and once every planned call has a result writes the answer from those results. Intents whose
 * tool is not offered belong to another worker and are left out of both.
 */
export function planWorker(conversation: Conversation, offered: ReadonlySet<string>): PlannerReply {
  const language = detectLanguage(conversation.task);
  const intents = extractIntents(conversation.task, language);
  const notes = findMalformedIds(conversation.task).map((id) => malformedIdNote(id, language));
  // A request with an identifier in it, even a malformed one, is about that parcel or item, not policy.
  if (notes.length === 0 && policyRoute(intents, conversation.task)) return planPolicySearch(conversation, offered, language);
  const clarification = intents.length === 0 && notes.length === 0 ? clarifyingQuestion(conversation.task, intents, language) : undefined;
  if (clarification !== undefined) return { kind: 'answer', content: clarification };
  if (intents.length === 0) return notes.length > 0 ? { kind: 'answer', content: notes.join('\n') } : { kind: 'not_understood', content: notUnderstoodMessage(conversation.task, language) };
  const handled = intents.filter((intent) => offered.has(TOOL_FOR_INTENT[intent.kind]));
  if (handled.length === 0) return { kind: 'answer', content: missingToolsMessage(intents, language) };
  const context = { lookup: callLookup(conversation.calls), offered, language };
  const planned = handled.flatMap((intent) => intentCalls(intent, context));
  const pending = unique(planned.filter((spec) => offered.has(spec.name) && !findCall(context.lookup, spec)));
  if (pending.length > 0) {
    return { kind: 'tool_calls', toolCalls: toToolCalls(pending, conversation.usedIds, conversation.calls.length) };
  }
  return { kind: 'answer', content: [...handled.map((intent) => intentAnswer(intent, context)), ...notes].join('\n') };
}
