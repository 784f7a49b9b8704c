import type { PiiRule } from './pii-rules.js';
import { ALL_PII_RULES } from './pii-rules.js';
import { piiMatchingView } from './pii-matching-view.js';
import { PII_CANDIDATE_HINT } from './pii-patterns.js';
import type { PiiType } from './pii-type.js';
import { redactionMarker } from './redaction-marker.js';

/** What `redactPii` returns: the redacted text, how many items of each type it replaced (types with none are absent), and their sum. */
export interface PiiRedaction {
  readonly text: string;
  readonly counts: Partial<Record<PiiType, number>>;
  readonly total: number;
}

function applyRule(text: string, view: string, rule: PiiRule): { text: string; count: number } {
  const { pattern, measure, type } = rule;
  // Patterns read the matching view; spans are cut from the text, which has the same length.
  const parts: string[] = [];
  let copied = 0;
  let count = 0;
  // The patterns are shared global regexes; the redactor is synchronous, so resetting is enough.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(view); match !== null; match = pattern.exec(view)) {
    const lead = match.groups?.lead ?? '';
    const start = match.index + lead.length;
    const length = measure(match[0].slice(lead.length));
    if (length > 0) {
      parts.push(text.slice(copied, start), redactionMarker(type));
      copied = start + length;
      count++;
      pattern.lastIndex = copied;
    } else {
      // A rejected candidate may still contain a valid one that starts later (a card after a
      // leading group), so the search resumes one character on, not after the whole candidate.
      pattern.lastIndex = start + 1;
    }
  }
  pattern.lastIndex = 0;
  if (count === 0) return { text, count };
  parts.push(text.slice(copied));
  return { text: parts.join(''), count };
}

/**
 * Replaces personal data with `[REDACTED:<TYPE>]`: Ukrainian phones, e-mail addresses, Luhn-valid
 * cards, mod-97-valid UA IBANs, and checksum-valid IPN and EDRPOU codes, also when disguised:
 * fullwidth digits, no-break spaces, cards grouped with dots, phones spaced digit by digit,
 * `name (at) domain`, IPN and EDRPOU with spaces.
 * Types in `keep` are left as they are (a role's grant, see `redactToolResult`). Idempotent, never
 * throws, never prints; linear in the length of the text.
 *
 * @example
 * redactPii('Дзвоніть +380671234567, ТТН TTN-000001');
 * // { text: 'Дзвоніть [REDACTED:PHONE], ТТН TTN-000001', counts: { PHONE: 1 }, total: 1 }
 */
export function redactPii(text: string, options: { readonly keep?: readonly PiiType[] } = {}): PiiRedaction {
  const { keep = [] } = options;
  const counts: Partial<Record<PiiType, number>> = {};
  let total = 0;
  let current = text;
  let view = piiMatchingView(text);
  if (!PII_CANDIDATE_HINT.test(view)) return { text, counts, total };
  for (const rule of ALL_PII_RULES) {
    if (keep.includes(rule.type)) continue;
    const result = applyRule(current, view, rule);
    current = result.text;
    if (result.count > 0) {
      view = piiMatchingView(current);
      counts[rule.type] = result.count;
      total += result.count;
    }
  }
  return { text: current, counts, total };
}
