import type { AgentName } from './agent-tools.js';
import type { WordList } from './lexicon.js';
import { inList } from './lexicon.js';
import { conceptAgents } from './policy-concepts.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import type { Token } from './tokenize.js';
import { tokenize } from './tokenize.js';

/** Words that name policy outright: any question with one is a policy question. */
const POLICY_WORDS: WordList = [
  'policy', 'policies', 'політик*', 'правил*', 'rule', 'rules', 'умов*', 'terms', 'conditions', 'процедур*', 'procedure*',
  'вимог*', 'requirement*', 'faq', 'регламент*', 'политик*', 'услови*', 'требовани*',
];

/** Words that open a question ("can I", "чи можна", "можно ли", "how long"): a policy topic after them is a question. */
const QUESTION_WORDS: WordList = [
  'what', 'how', 'can', 'could', 'may', 'which', 'is', 'are', 'do', 'does', 'when', 'who', 'whom', 'why', 'чи', 'як', 'що', 'яка',
  'який', 'які', 'яке', 'коли', 'можна', 'скільки', 'де', 'where', 'хто', 'чому', 'что', 'как', 'какой', 'какая', 'какие',
  'какое', 'когда', 'можно', 'сколько', 'где', 'кто', 'почему', 'ли',
];

const words = (tokens: readonly Token[]) => tokens.flatMap((t) => (t.kind === 'word' ? [t.word] : []));

/**
 * Whether the request asks about company policy (refunds, packaging, prohibited goods, tariffs,
 * insurance, delivery times, storage, warehouses), and which worker should look it up: the one whose
 * knowledge scopes hold the topic most of its words name (see POLICY_CONCEPTS). A question about a
 * particular parcel or SKU is not a policy question. Undefined when it is none.
 */
export function policyQuestion(text: string): { agent: AgentName } | undefined {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const tokens = tokenize(bounded);
  if (tokens.some((t) => t.kind === 'ttn' || t.kind === 'sku')) return undefined;
  const all = words(tokens);
  const named = all.some((w) => inList(w, POLICY_WORDS));
  const asked = bounded.includes('?') || all.slice(0, 2).some((w) => inList(w, QUESTION_WORDS));
  // The topic most of the words point to; the first listed wins a tie.
  let topic: AgentName | undefined;
  let most = 0;
  for (const [agent, hits] of conceptAgents(all)) {
    if (hits > most) {
      most = hits;
      topic = agent;
    }
  }
  if (topic && (named || asked)) return { agent: topic };
  return named ? { agent: 'tracking_agent' } : undefined;
}
