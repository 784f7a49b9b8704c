import type { PiiRule } from './pii-rules.js';
import { ALL_PII_RULES, atProviderDomain, hasBracketedAt } from './pii-rules.js';
import { originalSpan, piiNormalisedView } from './pii-normalised-view.js';
import { stickyCopy } from './pii-patterns.js';
import type { PiiType } from './pii-type.js';
import { redactionMarker } from './redaction-marker.js';
import { DigitRuns } from './digit-runs.js';

/** What `redactPii` returns: the redacted text, how many items of each type it replaced (types with none are absent), and their sum. */
export interface PiiRedaction {
  readonly text: string;
  readonly counts: Partial<Record<PiiType, number>>;
  readonly total: number;
}

interface Found {
  readonly start: number;
  readonly end: number;
  readonly type: PiiType;
}

// Stands in the view for a span already found, so no later rule matches inside it: not a digit, a
// letter, an @ or a separator, like the marker that replaces it in the text.
const TAKEN = '\u0000';

/** Sticky copies of the patterns of rules with `startsNear`, tried at one start each. */
const STICKY = new Map(ALL_PII_RULES.filter((rule) => rule.startsNear !== undefined).map((rule) => [rule, stickyCopy(rule.pattern)]));

/**
 * The first match of the rule's pattern that starts at `from` or later, as the global pattern finds
 * it; for a rule with `startsNear`, found by trying only the starts it allows (near a run of digits,
 * or before an @), in order: elsewhere none can start, and at a given start the sticky copy matches
 * as the global one would.
 */
function nextMatch(view: string, rule: PiiRule, from: number, counted: DigitRuns): RegExpExecArray | null {
  const sticky = STICKY.get(rule);
  if (rule.startsNear === undefined || sticky === undefined) {
    rule.pattern.lastIndex = from;
    return rule.pattern.exec(view);
  }
  if (rule.startsNear.spans === 'address') return nextAddressMatch(view, sticky, from);
  const spaced = rule.startsNear.spans === 'spaced';
  const spans = spaced ? counted.spacedSpans : counted.runSpans;
  const { lead } = rule.startsNear;
  let tried = from - 1;
  // A match starts at most `lead` units before its first digit, which starts a run in the view as it
  // is now (an earlier rule may have cut one), inside a run of the view as it was counted.
  for (let at = firstSpanEndingAfter(spans, from); at < spans.length; at += 2) {
    const end = spans[at + 1] ?? 0;
    for (let first = Math.max(from, spans[at] ?? 0); first < end; first++) {
      if (!runStartsAt(view, first, spaced)) continue;
      for (let start = Math.max(tried + 1, first - lead); start <= first; start++) {
        sticky.lastIndex = start;
        const match = sticky.exec(view);
        if (match !== null) return match;
      }
      tried = first;
    }
  }
  return null;
}

const isDigitUnit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
/** Whether a run of digits (with single spaces between them, if `spaced`) starts at `at` of the view. */
const runStartsAt = (view: string, at: number, spaced: boolean): boolean =>
  isDigitUnit(view.charCodeAt(at)) && !isDigitUnit(view.charCodeAt(at - 1)) && !(spaced && view.charCodeAt(at - 1) === 0x20 && isDigitUnit(view.charCodeAt(at - 2)));

/** The index in `spans` (start and end pairs, in order) of the first span that ends after `from`. */
function firstSpanEndingAfter(spans: readonly number[], from: number): number {
  let low = 0;
  let high = spans.length / 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans[2 * middle + 1] ?? 0) > from) high = middle;
    else low = middle + 1;
  }
  return 2 * low;
}

const isAddressUnit = (unit: number): boolean =>
  (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || unit === 0x2e || unit === 0x5f || unit === 0x25 || unit === 0x2b || unit === 0x2d;

/**
 * `nextMatch` for the EMAIL pattern: a match is its lead (a unit that is no address unit, or nothing
 * at the text's start) and all the address units right before an @, so each @ gives one start, and
 * the @s come in the order of their starts.
 */
function nextAddressMatch(view: string, sticky: RegExp, from: number): RegExpExecArray | null {
  for (let at = view.indexOf('@', from); at >= 0; at = view.indexOf('@', at + 1)) {
    let local = at;
    while (local > 0 && isAddressUnit(view.charCodeAt(local - 1))) local--;
    const start = local === 0 ? 0 : local - 1;
    if (local === at || start < from) continue;
    sticky.lastIndex = start;
    const match = sticky.exec(view);
    if (match !== null) return match;
  }
  return null;
}

function applyRule(view: string, rule: PiiRule, found: Found[], counted: DigitRuns): string {
  const { pattern, measure, type, accept } = rule;
  const taken: Found[] = [];
  // The patterns are shared global regexes; the redactor is synchronous, so resetting is enough.
  let from = 0;
  for (let match = nextMatch(view, rule, from, counted); match !== null; match = nextMatch(view, rule, from, counted)) {
    const lead = match.groups?.lead ?? '';
    const start = match.index + lead.length;
    const length = measure(match[0].slice(lead.length));
    if (length > 0 && (accept === undefined || accept(view, start, start + length))) {
      taken.push({ start, end: start + length, type });
      from = start + length;
    } else {
      // A rejected candidate may still contain a valid one that starts later (a card after a
      // leading group), so the search resumes one character on, not after the whole candidate.
      from = start + 1;
    }
  }
  pattern.lastIndex = 0;
  if (taken.length === 0) return view;
  found.push(...taken);
  let next = '';
  let copied = 0;
  for (const span of taken) {
    next += view.slice(copied, span.start) + TAKEN.repeat(span.end - span.start);
    copied = span.end;
  }
  return next + view.slice(copied);
}

/**
 * What `PII_CANDIDATE_HINT` tests, told from the digits already counted: an ASCII digit, an @, a
 * bracketed at, a spelled-out « dot », or « at » before a mail provider's domain (redact-pii-hint.test.ts
 * checks they agree). A view without
 * any is left as it is without running the rules.
 */
export function mayHoldPii(view: string, digits: number, hasAt: boolean): boolean {
  return digits > 0 || hasAt || view.includes(' dot ') || view.includes(' DOT ') || hasBracketedAt(view) || atProviderDomain(view);
}


/** Whether the rule can match in the view, told from what every match of it holds (sound: `pii-rules.test.ts`). */
function mayApply(rule: PiiRule, view: string, counted: DigitRuns, hasAt: boolean): boolean {
  return (
    counted.digits >= rule.minDigits && (rule.needsAt !== true || hasAt) && counted.longestRun >= (rule.minDigitRun ?? 0) && counted.longestSpacedRun >= (rule.minSpacedRun ?? 0) &&
    counted.longestGroupedRun >= (rule.minGroupedRun ?? 0) && (rule.mayMatch === undefined || rule.mayMatch(view))
  );
}

/**
 * Replaces personal data with `[REDACTED:<TYPE>]`: Ukrainian phones, e-mail addresses, Luhn-valid
 * cards, mod-97-valid UA IBANs, checksum-valid IPN and EDRPOU codes, booklet passports (series and
 * number) and labelled ID-card numbers. The patterns read the normalised view (`piiNormalisedView`:
 * zero-width characters, fullwidth and Arabic-Indic digits, look-alike letters in numbers, numbers
 * dictated in words, «собака» for @, a line break inside a number, the gaps of a spelled-out address)
 * and each find is cut from the original text, so the words around it stay as written. Numbers
 * labelled as seal, invoice, waybill, batch, lot, order or request numbers,
 * 14-digit carrier waybill numbers and groups of longer numbers are not personal data.
 * Types in `keep` are left as they are (a role's grant, see `redactToolResult`). Idempotent, never
 * throws, never prints; linear in the length of the text.
 *
 * @example
 * redactPii('Дзвоніть +380671234567, ТТН TTN-000001');
 * // { text: 'Дзвоніть [REDACTED:PHONE], ТТН TTN-000001', counts: { PHONE: 1 }, total: 1 }
 */
export function redactPii(text: string, options: { readonly keep?: readonly PiiType[] } = {}): PiiRedaction {
  // The guard reads a text's redaction twice in a row (the classifier's masked view, then the redaction
  // itself): the last one without kept types is kept, and handed out as a copy. Most texts hold
  // nothing, and then there are no counts to copy.
  if (options.keep === undefined && last.text === text) return { text: last.redacted, counts: { ...last.counts }, total: last.total };
  const result = redactPiiOnce(text, options);
  if (options.keep === undefined) last = { text, redacted: result.text, counts: result.total === 0 ? NO_COUNTS : { ...result.counts }, total: result.total };
  return result;
}

/** Used again by every call, which is synchronous. */
const runs = new DigitRuns();
const NO_COUNTS: Readonly<Partial<Record<PiiType, number>>> = Object.freeze({});
let last: { readonly text: string | undefined; readonly redacted: string; readonly counts: Readonly<Partial<Record<PiiType, number>>>; readonly total: number } = { text: undefined, redacted: '', counts: NO_COUNTS, total: 0 };

function redactPiiOnce(text: string, options: { readonly keep?: readonly PiiType[] }): PiiRedaction {
  const { keep = [] } = options;
  const counts: Partial<Record<PiiType, number>> = {};
  const normalised = piiNormalisedView(text, runs.reset());
  let view = normalised.view;
  // What the rules need, counted once: a redacted span leaves no digit and no @ and breaks every run
  // of digits it touches, so later views hold no more. The view's pre-check counts them when the
  // view is the text itself.
  const counted = runs.complete && view === text ? runs : runs.count(view);
  const hasAt = view.includes('@');
  if (!mayHoldPii(view, counted.digits, hasAt)) return { text, counts, total: 0 };
  const found: Found[] = [];
  for (const rule of ALL_PII_RULES) {
    if (keep.includes(rule.type) || !mayApply(rule, view, counted, hasAt)) continue;
    view = applyRule(view, rule, found, counted);
  }
  if (found.length === 0) return { text, counts, total: 0 };
  // Back to the original text: each span of the view covers a span of it (a dictated number, an
  // address with «собака», digits with zero-width characters between them).
  const spans = found
    .map((span) => {
      const [start, end] = originalSpan(normalised, span.start, span.end);
      return { start, end, type: span.type };
    })
    .sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let copied = 0;
  let total = 0;
  for (const span of spans) {
    // Two finds inside one dictated group share its span: the first one redacts it.
    if (span.start < copied) continue;
    parts.push(text.slice(copied, span.start), redactionMarker(span.type));
    copied = span.end;
    counts[span.type] = (counts[span.type] ?? 0) + 1;
    total++;
  }
  parts.push(text.slice(copied));
  return { text: parts.join(''), counts, total };
}
