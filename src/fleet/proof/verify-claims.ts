import { findCities } from './city-mentions.js';
import { findDates } from './date-mentions.js';
import { findIdentifiers } from './identifier-mentions.js';
import { findNumbers, sameAmount } from './number-mentions.js';
import type { ProofEvidence } from './proof-evidence.js';
import { findStatuses } from './status-mentions.js';

/** The kinds of value an answer can assert. */
type ClaimKind = 'identifier' | 'amount' | 'date' | 'status' | 'city';

/** One value in an answer that no tool result (or the user's own words) supports. */
export interface UnverifiedClaim {
  kind: ClaimKind;
  /** The value as the answer wrote it. */
  text: string;
  /** Why it fails, in one line the worker can act on when retried. */
  detail: string;
}

/** What the verifier found in one answer. */
export interface ClaimCheck {
  /** How many values the answer asserted. */
  claims: number;
  unverified: UnverifiedClaim[];
}

// A quantity written right after a city ("Київ 42", "Kyiv: 42") is that city's stock; "Київ → Львів"
// or a unit after the number ("700 km") means something else.
const PAIR_GAP = /^\s*[:—–-]?\s*$/;
const UNIT_AFTER = /^\s*(km|км|kg|кг|грн|uah|₴|day|days|дн|дні|днів|день|%)/iu;

function shipmentSegments(text: string): Array<{ id: string; from: number; to: number }> {
  const ids = findIdentifiers(text).filter((m) => /^TTN-\d{6}$/.test(m.id));
  return ids.map((m, i) => {
    const paragraph = text.indexOf('\n\n', m.index);
    const next = ids[i + 1]?.index ?? text.length;
    return { id: m.id, from: m.index, to: Math.min(next, paragraph === -1 ? text.length : paragraph) };
  });
}

// A past status is a claim about an event: it holds only next to the date of an event that had it
// ("2026-11-21 Київ, доставлено"), in the same sentence.
const NEAR = 40;
function pastStatusDated(answer: string, index: number, eventDates: ReadonlySet<string> | undefined, dates: ReadonlyArray<{ index: number; text: string; monthDay: string }>): boolean {
  if (!eventDates) return false;
  return dates.some((d) => {
    if (!eventDates.has(d.monthDay)) return false;
    const [from, to] = d.index < index ? [d.index + d.text.length, index] : [index, d.index];
    return to - from <= NEAR && !/[.!?;\n]/.test(answer.slice(from, to));
  });
}

/**
 * Checks every identifier, amount, date, status and city in `answer` against `evidence`. A status is
 * checked against the shipment whose id precedes it in the same paragraph; a quantity right after a
 * city against that city's stock. Anything else that no tool result holds is an unverified claim.
 */
export function verifyClaims(answer: string, evidence: ProofEvidence): ClaimCheck {
  const unverified: UnverifiedClaim[] = [];
  let claims = 0;

  const identifiers = findIdentifiers(answer);
  for (const m of identifiers) {
    claims += 1;
    if (!evidence.identifiers.has(m.id)) unverified.push({ kind: 'identifier', text: m.text, detail: `${m.id} is in no tool result` });
  }

  const dates = findDates(answer);
  for (const m of dates) {
    claims += 1;
    if (!evidence.monthDays.has(m.monthDay) || (m.year !== undefined && evidence.years.size > 0 && !evidence.years.has(m.year))) {
      unverified.push({ kind: 'date', text: m.text, detail: `the date ${m.text} is in no tool result` });
    }
  }

  const cities = findCities(answer);
  for (const m of cities) {
    claims += 1;
    if (!evidence.cities.has(m.city)) unverified.push({ kind: 'city', text: m.text, detail: `${m.text} is in no tool result` });
  }

  const inDate = (index: number) => dates.some((d) => index >= d.index && index < d.index + d.text.length);
  for (const m of findNumbers(answer)) {
    if (inDate(m.index)) continue;
    claims += 1;
    if (!evidence.numbers.some((actual) => sameAmount(m.value, actual))) {
      unverified.push({ kind: 'amount', text: m.text, detail: `${m.text} is in no tool result` });
      continue;
    }
    const city = cities.find((c) => c.index + c.text.length <= m.index && PAIR_GAP.test(answer.slice(c.index + c.text.length, m.index)));
    const stock = city && evidence.stockByCity.get(city.city);
    const unit = UNIT_AFTER.test(answer.slice(m.index + m.text.length, m.index + m.text.length + 6));
    if (city && stock && !unit && ![...stock].some((qty) => sameAmount(m.value, qty))) {
      unverified.push({ kind: 'amount', text: `${city.text} ${m.text}`, detail: `the stock in ${city.city} is ${[...stock].join(' or ')}, not ${m.text}` });
    }
  }

  const segments = shipmentSegments(answer);
  for (const m of findStatuses(answer)) {
    const segment = segments.filter((s) => m.index >= s.from && m.index < s.to).at(-1);
    // A status word with no shipment before it in its paragraph is used in general ("the policy for
    // cancelled shipments"), not said of a parcel: no claim.
    if (!segment) continue;
    claims += 1;
    const current = evidence.currentById.get(segment.id);
    // A shipment this run cancelled was, moments before, in the status its lookup reported: saying so is true.
    const beforeCancel = current === 'cancelled' && evidence.statusesById.get(segment.id)?.has(m.status) === true;
    if (current && current !== m.status && !beforeCancel && !pastStatusDated(answer, m.index, evidence.historyById.get(segment.id)?.get(m.status), dates)) {
      unverified.push({ kind: 'status', text: m.text, detail: `${segment.id} is ${current} in the tool result, not "${m.text}"` });
    }
  }
  return { claims, unverified };
}
