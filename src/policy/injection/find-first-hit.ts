import { excerpt } from './excerpt.js';
import { cyrillicSkeleton, latinSkeleton } from './homoglyph-skeleton.js';
import type { InjectionPattern } from './injection-pattern.js';
import type { InjectionRule } from './injection-rule.js';
import { containedLiterals, leadingLiterals } from './leading-literals.js';
import { normaliseForMatching } from './normalise-for-matching.js';
import type { ResolvedScanOptions } from './scan-options.js';

/** The first pattern that matched: its rule, the matched text, and whether it matched only once look-alikes were folded. */
export interface PatternHit {
  readonly rule: InjectionRule;
  readonly evidence: string;
  readonly folded: boolean;
}

/**
 * Runs `patterns` over the normalised text in overlapping windows and returns the first hit (earliest
 * window, then pattern order), or undefined. Latin patterns read the Latin skeleton and Cyrillic
 * patterns the Cyrillic one; both have the view's length, so a match's span is also its span in the
 * view, and a span that differs between the two was written with look-alike letters.
 */
export function findFirstHit(text: string, patterns: readonly InjectionPattern[], options: ResolvedScanOptions): PatternHit | undefined {
  const { view, latin, cyrillic } = matchingViews(text);
  const possible = possiblePatterns(patterns, latin, cyrillic);
  if (possible === undefined) return undefined;
  const step = options.windowChars - options.overlapChars;
  for (let start = 0; ; start += step) {
    const end = Math.min(start + options.windowChars, view.length);
    const windows = { latin: latin.slice(start, end), cyrillic: cyrillic.slice(start, end) };
    for (let index = 0; index < patterns.length; index++) {
      if (possible[index] === 0) continue;
      const { rule, script, pattern, unless, veto } = patterns[index] as InjectionPattern;
      const match = unless === undefined && veto === undefined ? pattern.exec(windows[script]) : firstUnvetoed(pattern, windows[script], unless, veto);
      if (match === null) continue;
      const from = start + match.index;
      const to = from + match[0].length;
      const original = view.slice(from, to);
      return { rule, evidence: excerpt(original), folded: original !== match[0] };
    }
    if (end === view.length) return undefined;
  }
}

/** The padded normalised view of a text and its two skeletons, the same for every pattern list. */
interface MatchingViews {
  readonly text: string | undefined;
  readonly view: string;
  readonly latin: string;
  readonly cyrillic: string;
}

// The input guard and the taint scan read the same text, its canonical view and its readings with
// their own pattern lists: the last six texts' views (a text, its canonical view, three readings and
// their payloads) are kept so each is built once.
const RECENT_VIEWS = 6;
const recent: MatchingViews[] = Array.from({ length: RECENT_VIEWS }, () => ({ text: undefined, view: '', latin: '', cyrillic: '' }));
let nextRecent = 0;

function matchingViews(text: string): MatchingViews {
  for (const entry of recent) if (entry.text === text) return entry;
  // The padding gives the first and last word a word edge and the first line a line start.
  const view = `\n${normaliseForMatching(text)}\n`;
  const entry = { text, view, latin: latinSkeleton(view), cyrillic: cyrillicSkeleton(view) };
  recent[nextRecent] = entry;
  nextRecent = (nextRecent + 1) % RECENT_VIEWS;
  return entry;
}

// A pattern with a domain exception is global: after a vetoed match the search goes on from its
// end, so "your rules for cancelling … and your system prompt" still finds the second request,
// and the whole window is still read once.
function firstUnvetoed(pattern: RegExp, window: string, unless: RegExp | undefined, veto: ((match: string, after: string) => boolean) | undefined): RegExpExecArray | null {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(window); match !== null; match = pattern.exec(window)) {
    const end = match.index + match[0].length;
    const after = window.slice(end, end + 80);
    if (!(unless?.test(after) ?? false) && !(veto?.(match[0], after) ?? false)) {
      pattern.lastIndex = 0;
      return match;
    }
    if (match[0].length === 0) pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return null;
}

/** One leading literal and the pattern it belongs to. */
interface Lead {
  readonly literal: string;
  readonly index: number;
}

/** Leading literals of a pattern list by script and first two characters (one-character literals by their character), the patterns with contained literals, and those that must always run. */
interface Prefilter {
  readonly heads: Readonly<Record<InjectionPattern['script'], Heads>>;
  readonly always: readonly number[];
  /** Patterns without a leading word edge: each runs only where one of its contained literals occurs. */
  readonly contained: readonly { readonly script: InjectionPattern['script']; readonly literals: readonly string[]; readonly index: number }[];
}

/**
 * The leads of one script: one-character literals by their character, longer ones by a hash of
 * their first two characters (a bucket may hold literals of other heads: each is checked whole, so
 * a collision costs a comparison and finds nothing more), and which UTF-16 units start any of them
 * (1), for a check before the lists. No map keyed by numbers beyond the small integers: those
 * cost an allocation per lookup.
 */
interface Heads {
  readonly size: number;
  readonly single: ReadonlyMap<number, readonly Lead[]>;
  readonly longer: readonly (readonly Lead[] | undefined)[];
  readonly starts: Uint8Array;
}

const PAIR_BUCKETS_LOG2 = 13;
const pairBucket = (first: number, second: number): number => (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> (32 - PAIR_BUCKETS_LOG2);
const emptyHeads = (): { size: number; single: Map<number, Lead[]>; longer: (Lead[] | undefined)[]; starts: Uint8Array } => ({
  size: 0,
  single: new Map(),
  longer: new Array<Lead[] | undefined>(1 << PAIR_BUCKETS_LOG2),
  starts: new Uint8Array(0x10000),
});
const PREFILTERS = new WeakMap<readonly InjectionPattern[], Prefilter>();

function prefilterOf(patterns: readonly InjectionPattern[]): Prefilter {
  const known = PREFILTERS.get(patterns);
  if (known !== undefined) return known;
  const heads = { latin: emptyHeads(), cyrillic: emptyHeads() };
  const always: number[] = [];
  const contained: Prefilter['contained'][number][] = [];
  patterns.forEach(({ script, pattern }, index) => {
    const literals = leadingLiterals(pattern.source);
    if (literals === undefined) {
      const inside = containedLiterals(pattern.source);
      if (inside === undefined) always.push(index);
      else contained.push({ script, literals: [...new Set(inside)], index });
      return;
    }
    for (const literal of new Set(literals)) {
      const head = heads[script];
      const first = literal.charCodeAt(0);
      if (literal.length === 1) head.single.set(first, [...(head.single.get(first) ?? []), { literal, index }]);
      else (head.longer[pairBucket(first, literal.charCodeAt(1))] ??= []).push({ literal, index });
      head.starts[first] = 1;
      head.size++;
    }
  });
  const prefilter = { heads, always, contained };
  PREFILTERS.set(patterns, prefilter);
  return prefilter;
}

// The characters a pattern's leading word edge (EDGE in pattern-parts.ts) refuses: letters of the
// scripts read and ASCII digits.
const isWordUnit = (unit: number): boolean =>
  (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || (unit >= 0xdf && unit <= 0x24f) || (unit >= 0x370 && unit <= 0x3ff) || (unit >= 0x400 && unit <= 0x52f);

/**
 * Which patterns can match anywhere in the view: those whose leading literals (leading-literals.ts)
 * follow a word edge somewhere in their script's skeleton, those that contain a literal found in it,
 * and those the literals cannot be told for. Undefined when none can. A pattern ruled out here cannot match in any window, so skipping it
 * changes no verdict; ordinary text and the gibberish of its ROT13 and reversed readings rule out
 * most patterns in one pass over the characters.
 */
function possiblePatterns(patterns: readonly InjectionPattern[], latin: string, cyrillic: string): Uint8Array | undefined {
  const { heads, always, contained } = prefilterOf(patterns);
  const possible = new Uint8Array(patterns.length);
  for (const index of always) possible[index] = 1;
  let any = always.length > 0;
  for (const { script, literals, index } of contained) {
    const skeleton = script === 'latin' ? latin : cyrillic;
    if (!literals.some((literal) => skeleton.includes(literal))) continue;
    possible[index] = 1;
    any = true;
  }
  if (markLeads(latin, heads.latin, possible)) any = true;
  // The Cyrillic skeleton differs from the Latin one only in mixed-script words; it is read all the same.
  if (markLeads(cyrillic, heads.cyrillic, possible)) any = true;
  return any ? possible : undefined;
}

function markLeads(skeleton: string, { size, single: singles, longer: pairs, starts }: Heads, possible: Uint8Array): boolean {
  if (size === 0) return false;
  let found = false;
  let afterEdge = false;
  for (let at = 0; at < skeleton.length; at++) {
    const unit = skeleton.charCodeAt(at);
    if (afterEdge && starts[unit] === 1) {
      // Literals of one character, then those of two or more whose first two characters are here.
      const single = singles.get(unit);
      const longer = at + 1 < skeleton.length ? pairs[pairBucket(unit, skeleton.charCodeAt(at + 1))] : undefined;
      if (single !== undefined && markAt(skeleton, at, single, possible)) found = true;
      if (longer !== undefined && markAt(skeleton, at, longer, possible)) found = true;
    }
    afterEdge = !isWordUnit(unit);
  }
  return found;
}

function markAt(skeleton: string, at: number, leads: readonly Lead[], possible: Uint8Array): boolean {
  let found = false;
  for (const { literal, index } of leads) {
    if (possible[index] === 1 || !skeleton.startsWith(literal, at)) continue;
    possible[index] = 1;
    found = true;
  }
  return found;
}
