import type { AgentName } from './agent-tools.js';
import type { WordList } from './lexicon.js';
import { inList } from './lexicon.js';

/**
 * What the company's policies are about, each as one concept named in Ukrainian, English and Russian
 * (stems end in `*`), with the worker whose knowledge scopes hold it. A question and a passage in
 * different languages meet on these concepts, not on their spelling.
 */
interface Concept {
  id: string;
  agent: AgentName;
  /** How the knowledge base names it, in English and Ukrainian: added to a search in any language. */
  terms: string;
  words: WordList;
}

export const POLICY_CONCEPTS: readonly Concept[] = [
  { id: 'refund', agent: 'tracking_agent', terms: 'refund повернення коштів', words: ['refund*', 'поверн*', 'возврат*', 'верну*', 'вернут*', 'компенс*', 'reimburs*', 'money', 'гроші', 'грошей', 'деньги', 'кошти', 'коштів'] },
  { id: 'approve', agent: 'tracking_agent', terms: 'approve approval схвалення підтвердження', words: ['approv*', 'схвал*', 'погодж*', 'одобр*', 'підтвердж*', 'подтвержд*', 'review*', 'розгляд*', 'рассматрива*', 'decid*', 'рішен*', 'решени*'] },
  { id: 'cap', agent: 'tracking_agent', terms: 'cap limit ліміт 5000', words: ['cap', 'limit*', 'ліміт*', 'лимит*', 'максимал*', 'maximum', 'max', 'понад', 'above', 'более', 'больше', 'exceed*', 'перевищ*', 'превыша*'] },
  { id: 'manual', agent: 'tracking_agent', terms: 'manual procedure ручна процедура ПВ-17', words: ['manual*', 'ручн*', 'вручну', 'вручную', 'пв', 'pv', 'automatic*', 'автоматич*'] },
  { id: 'finance', agent: 'tracking_agent', terms: 'finance фінансовий відділ bank', words: ['finance', 'financial', 'фінанс*', 'финанс*', 'bank*', 'банк*', 'card*', 'картк*', 'карт*', 'cash', 'готів*', 'наличн*'] },
  { id: 'cancel', agent: 'tracking_agent', terms: 'cancellation скасування', words: ['cancel*', 'скасув*', 'скасован*', 'отмен*', 'відмін*'] },
  { id: 'storage', agent: 'tracking_agent', terms: 'branch storage free storage зберігання у відділенні безкоштовне зберігання', words: ['storage', 'stor*', 'kept', 'keep*', 'зберіга*', 'зберіган*', 'хранен*', 'хранит*', 'хранят*', 'лежат*', 'безкоштовн*', 'бесплатн*'] },
  { id: 'collect', agent: 'tracking_agent', terms: 'collection uncollected забрати посилку', words: ['collect*', 'uncollected', 'pick', 'забрат*', 'забира*', 'забер*', 'отрима*', 'получ*', 'return*', 'returned'] },
  { id: 'branch', agent: 'tracking_agent', terms: 'branch відділення', words: ['branch*', 'відділен*', 'отделен*'] },
  { id: 'battery', agent: 'tracking_agent', terms: 'lithium batteries літієві батареї UN3480 UN3481', words: ['batter*', 'батаре*', 'акумулят*', 'аккумул*', 'lithium', 'літі*', 'лити*', 'powerbank*', 'павербанк*', 'un3480', 'un3481'] },
  { id: 'prohibited', agent: 'tracking_agent', terms: 'prohibited items заборонені вкладення restricted goods', words: ['prohibit*', 'forbidden', 'нельзя', 'неможна', "can't", 'cannot', 'banned', 'заборон*', 'запрещ*', 'weapon*', 'зброю', 'зброя', 'оружи*', 'dangerous', 'небезпечн*', 'опасн*', 'restricted', 'обмежен*'] },
  { id: 'packing', agent: 'tracking_agent', terms: 'packaging пакування fragile крихке', words: ['packing', 'packaging', 'pack', 'fragile', 'паку*', 'упаку*', 'упаков*', 'запаку*', 'крихк*', 'хрупк*', 'box*', 'коробк*', 'glass', 'скло', 'стекло'] },
  { id: 'damage', agent: 'tracking_agent', terms: 'damaged lost claim пошкодження претензія', words: ['damage*', 'broken', 'пошкод*', 'поврежд*', 'claim*', 'претензі*', 'претензи*', 'lost', 'втрачен*', 'загубл*', 'потерян*', 'dc'] },
  { id: 'privacy', agent: 'tracking_agent', terms: 'personal data персональні дані', words: ['personal', 'privacy', 'персональн*', 'приватн*', 'дані', 'данные', 'phone*', 'телефон*'] },
  { id: 'address', agent: 'tracking_agent', terms: 'incomplete address неповна адреса', words: ['address*', 'адрес*', 'incomplete', 'неповн*'] },
  { id: 'tariff', agent: 'pricing_agent', terms: 'tariff тариф price ціна', words: ['tariff*', 'тариф*', 'rate', 'rates', 'ставк*', 'базов*'] },
  { id: 'insurance', agent: 'pricing_agent', terms: 'insurance страхування declared value оголошена вартість', words: ['insur*', 'страхов*', 'страхув*', 'страховк*', 'declared', 'оголошен*', 'объявлен*'] },
  { id: 'payment', agent: 'pricing_agent', terms: 'payment оплата доставки', words: ['payment*', 'pay', 'paid', 'оплат*', 'платіж*', 'платеж*', 'сплат*', 'discount*', 'знижк*', 'скидк*'] },
  { id: 'express', agent: 'pricing_agent', terms: 'express tariff тариф експрес', words: ['express', 'експрес*', 'экспресс*'] },
  { id: 'overnight', agent: 'pricing_agent', terms: 'overnight нічна доставка weight limit', words: ['overnight', 'нічн*', 'ночн*', 'next-day'] },
  { id: 'standard', agent: 'pricing_agent', terms: 'standard tariff тариф стандарт', words: ['standard', 'стандарт*'] },
  { id: 'weight', agent: 'pricing_agent', terms: 'weight limit ліміт ваги', words: ['weight*', 'weigh', 'heavy', 'ваг*', 'вес', 'веса', 'весом', 'kg', 'кг', 'кілограм*', 'килограм*'] },
  { id: 'duration', agent: 'pricing_agent', terms: 'delivery time строк доставки', words: ['термін*', 'строк*', 'срок*', 'днів', 'дні', 'дней', 'дня', 'время', 'eta'] },
  { id: 'distance', agent: 'pricing_agent', terms: 'distance table відстань', words: ['distance*', 'відстан*', 'расстоян*', 'km', 'км'] },
  { id: 'warehouse', agent: 'warehouse_agent', terms: 'warehouses склади', words: ['warehouse*', 'склад*', 'inventory', 'інвентаризац*', 'инвентаризац*'] },
];

// "не можна" is one idea in two words; joined, it is looked up like "нельзя".
const joined = (words: readonly string[]): string[] => words.map((word, index) => (word === 'можна' && words[index - 1] === 'не' ? 'неможна' : word));

/** The concepts a list of lower-case words names, each once. */
export function conceptsOf(words: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const word of joined(words)) for (const concept of POLICY_CONCEPTS) if (inList(word, concept.words)) found.add(concept.id);
  return found;
}

/** The knowledge base's own terms for the concepts of a question, so a search in any language finds them. */
export function searchTerms(words: readonly string[]): string {
  const found = conceptsOf(words);
  return POLICY_CONCEPTS.filter((concept) => found.has(concept.id)).map((concept) => concept.terms).join(' ');
}

/** How many words point to each worker's topics. */
export function conceptAgents(words: readonly string[]): Map<AgentName, number> {
  const counts = new Map<AgentName, number>();
  for (const word of joined(words)) {
    const concept = POLICY_CONCEPTS.find((c) => inList(word, c.words));
    if (concept) counts.set(concept.agent, (counts.get(concept.agent) ?? 0) + 1);
  }
  return counts;
}
