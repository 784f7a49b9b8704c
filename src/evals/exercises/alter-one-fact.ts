import { findDates } from '../../fleet/proof/date-mentions.js';
import { findIdentifiers } from '../../fleet/proof/identifier-mentions.js';
import { findNumbers } from '../../fleet/proof/number-mentions.js';
import { findStatuses } from '../../fleet/proof/status-mentions.js';

/** What `alterOneFact` changed, so a test can say which kind of error got through. */
export interface Alteration {
  kind: 'amount' | 'identifier' | 'status';
  from: string;
  to: string;
  text: string;
}

// Every other status word of the same language: "в дорозі" becomes "доставлено", never a synonym.
const SWAPS: Readonly<Record<string, string>> = {
  'в дорозі': 'доставлено', 'у дорозі': 'доставлено', доставлено: 'в дорозі', затримується: 'в дорозі', скасовано: 'в дорозі', створено: 'доставлено',
  'in transit': 'delivered', delivered: 'in transit', delayed: 'in transit', cancelled: 'in transit', created: 'delivered', 'у відділенні': 'доставлено', 'at the branch': 'delivered',
};

/**
 * Changes exactly one number, identifier or status in an answer, the way a careless model would:
 * 611 becomes 661, TTN-000001 becomes TTN-000007, "in transit" becomes "delivered". Undefined when the
 * answer has nothing of the chosen kinds to alter.
 */
export function alterOneFact(answer: string, random: () => number): Alteration | undefined {
  const dates = findDates(answer);
  const inDate = (index: number) => dates.some((d) => index >= d.index && index < d.index + d.text.length);
  const candidates: Array<{ kind: Alteration['kind']; index: number; from: string; to: string }> = [
    ...findNumbers(answer)
      .filter((m) => !inDate(m.index) && m.value >= 2)
      .map((m) => ({ kind: 'amount' as const, index: m.index, from: m.text, to: String(Math.round(m.value * 1.08) + 3) })),
    ...findIdentifiers(answer)
      .filter((m) => /^TTN-\d{6}$/.test(m.id))
      .map((m) => ({ kind: 'identifier' as const, index: m.index, from: m.text, to: `${m.text.slice(0, -1)}${(Number(m.text.at(-1)) + 6) % 10}` })),
    ...findStatuses(answer)
      .filter((m) => SWAPS[m.text.toLowerCase()] !== undefined)
      .map((m) => ({ kind: 'status' as const, index: m.index, from: m.text, to: SWAPS[m.text.toLowerCase()] ?? m.text })),
  ];
  if (candidates.length === 0) return undefined;
  const pick = candidates[Math.floor(random() * candidates.length)] as (typeof candidates)[number];
  const text = `${answer.slice(0, pick.index)}${pick.to}${answer.slice(pick.index + pick.from.length)}`;
  return { kind: pick.kind, from: pick.from, to: pick.to, text };
}
