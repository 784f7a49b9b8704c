import type { ShipmentStatus } from '../../domain/index.js';
import { memoByText } from './memo-by-text.js';

/** A shipment status an answer asserts, with where it stands. */
export interface StatusMention {
  text: string;
  status: ShipmentStatus;
  index: number;
}

// The words a status is written with in Ukrainian, English and Russian (answers and history notes).
const PHRASES: Readonly<Record<ShipmentStatus, readonly string[]>> = {
  created: ['створено', 'створена', 'створене', 'created', 'создано', 'создана'],
  in_transit: ['в дорозі', 'у дорозі', 'in transit', 'on its way', 'on the way', 'в пути'],
  at_branch: ['у відділенні', 'на відділенні', 'у відділені', 'at the branch', 'at a branch', 'at branch', 'в отделении'],
  delayed: ['затримується', 'затримана', 'затримано', 'delayed', 'задерживается', 'задержана'],
  delivered: ['доставлено', 'доставлена', 'вручено', 'delivered', 'доставлено'],
  cancelled: ['скасовано', 'скасована', 'скасоване', 'cancelled', 'canceled', 'отменено', 'отменена'],
};

const ENTRIES = Object.entries(PHRASES).flatMap(([status, phrases]) => phrases.map((phrase) => ({ phrase, status: status as ShipmentStatus })));
const PATTERN = new RegExp(`(?<![\\p{L}\\p{N}])(${ENTRIES.map((e) => e.phrase.replace(' ', '\\s+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
const STATUS_OF: ReadonlyMap<string, ShipmentStatus> = new Map(ENTRIES.map((e) => [e.phrase, e.status]));

// A status after these words is denied, hypothetical or future ("cannot be cancelled", "не скасовано",
// "will be delivered"): the answer does not assert it.
const QUALIFIERS = /(?<![\p{L}])(not|never|no|cannot|can't|can’t|won't|isn't|wasn't|will|would|could|can|may|might|should|to|не|ні|ще не|неможливо|не можна|буде|може|можна|нельзя|будет)(?:\s+\p{L}+)?\s*$/iu;
// "delivered in 2 days", "доставлено за 2 дні": a delivery time, not a state.
const DURATION_AFTER = /^\s+(in|within|за|протягом|через)\s+\d/iu;

/** Every status `text` asserts, in order; denied, future and duration uses left out. */
function scanStatuses(text: string): StatusMention[] {
  const found: StatusMention[] = [];
  for (const match of text.matchAll(PATTERN)) {
    const index = match.index;
    const phrase = match[0].toLowerCase().replace(/\s+/g, ' ');
    const status = STATUS_OF.get(phrase);
    if (!status) continue;
    if (QUALIFIERS.test(text.slice(Math.max(0, index - 30), index))) continue;
    if (DURATION_AFTER.test(text.slice(index + match[0].length, index + match[0].length + 16))) continue;
    found.push({ text: match[0], status, index });
  }
  return found;
}

/** True when `text` says a status in any of its written forms (used for "must state the status"). */
export function statesStatus(text: string, status: ShipmentStatus): boolean {
  return findStatuses(text).some((mention) => mention.status === status);
}

/** The same, remembered per text (memo-by-text.ts): the same array for the same text, read-only. */
export const findStatuses = memoByText(scanStatuses);
