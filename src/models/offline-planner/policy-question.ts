import type { AgentName } from './agent-tools.js';
import type { WordList } from './lexicon.js';
import { inList } from './lexicon.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import type { Token } from './tokenize.js';
import { tokenize } from './tokenize.js';

/** Words that name policy outright: any question with one is a policy question. */
const POLICY_WORDS: WordList = [
  'policy', 'policies', 'політик*', 'правил*', 'rule', 'rules', 'умов*', 'terms', 'conditions', 'процедур*', 'procedure*',
  'вимог*', 'requirement*', 'faq', 'регламент*', 'политик*',
];

/** Words that open a question ("can I", "чи можна", "how long"): a policy topic after them is a question. */
const QUESTION_WORDS: WordList = [
  'what', 'how', 'can', 'could', 'may', 'which', 'is', 'are', 'do', 'does', 'when', 'чи', 'як', 'що', 'яка', 'який', 'які',
  'яке', 'коли', 'можна', 'скільки', 'де', 'where',
];

// Each topic goes to the worker whose knowledge scopes hold it (knowledge/scopes.json): refunds and the
// customer FAQ to tracking_agent, tariffs to pricing_agent, warehouses to warehouse_agent. The knowledge
// base still checks the caller's scopes on every search (deny-by-default); routing only picks who asks.
const TOPICS: ReadonlyArray<readonly [AgentName, WordList]> = [
  ['pricing_agent', [
    'тариф*', 'tariff*', 'страхув*', 'страхов*', 'insur*', 'оголошен*', 'declared', 'оплат*', 'payment*', 'pay', 'знижк*',
    'discount*', 'термін*', 'express', 'експрес*', 'overnight', 'нічн*', 'standard', 'стандарт*', 'ліміт*',
    'limit*', 'максимальн*', 'maximum', 'відстан*', 'distance*',
  ]],
  ['warehouse_agent', ['склад*', 'warehouse*', 'інвентаризац*', 'inventory']],
  ['tracking_agent', [
    'refund*', 'поверн*', 'компенс*', 'chargeback*', 'скасув*', 'cancel*', 'пакув*', 'упаков*', 'запак*', 'упак*', 'pack*', 'заборон*',
    'prohibited', 'forbidden', 'banned', 'батаре*', 'batter*', 'lithium', 'літі*', 'персональн*', 'personal', 'privacy',
    'приватн*', 'claim*', 'претензі*', 'damage*', 'пошкодж*', 'lost', 'загубл*', 'зберіган*', 'storage', 'адрес*', 'address*',
  ]],
];

const words = (tokens: readonly Token[]) => tokens.flatMap((t) => (t.kind === 'word' ? [t.word] : []));

/**
 * Whether the request asks about company policy (refunds, packaging, prohibited goods, tariffs,
 * insurance, delivery times, warehouses), and which worker should look it up. A question about a
 * particular parcel or SKU is not a policy question. Undefined when it is none.
 */
export function policyQuestion(text: string): { agent: AgentName } | undefined {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const tokens = tokenize(bounded);
  if (tokens.some((t) => t.kind === 'ttn' || t.kind === 'sku')) return undefined;
  const all = words(tokens);
  const named = all.some((w) => inList(w, POLICY_WORDS));
  const asked = bounded.includes('?') || (all[0] !== undefined && inList(all[0], QUESTION_WORDS));
  // The topic most of the words point to; the first listed wins a tie.
  let topic: AgentName | undefined;
  let most = 0;
  for (const [agent, list] of TOPICS) {
    const hits = all.filter((w) => inList(w, list)).length;
    if (hits > most) {
      most = hits;
      topic = agent;
    }
  }
  if (topic && (named || asked)) return { agent: topic };
  return named ? { agent: 'tracking_agent' } : undefined;
}
