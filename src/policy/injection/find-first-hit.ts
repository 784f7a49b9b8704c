import { excerpt } from './excerpt.js';
import { cyrillicSkeleton, latinSkeleton } from './homoglyph-skeleton.js';
import type { InjectionPattern } from './injection-pattern.js';
import type { InjectionRule } from './injection-rule.js';
import { normaliseForMatching } from './normalise-for-matching.js';
import { patternCandidates } from './pattern-prefilter.js';
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
  const { possible, starts, any } = patternCandidates(patterns, latin, cyrillic);
  if (!any) return undefined;
  const next = view.length > options.windowChars ? new Int32Array(patterns.length) : undefined;
  const step = options.windowChars - options.overlapChars;
  for (let start = 0; ; start += step) {
    const end = Math.min(start + options.windowChars, view.length);
    const windows = { latin: latin.slice(start, end), cyrillic: cyrillic.slice(start, end) };
    for (let index = 0; index < patterns.length; index++) {
      if (possible[index] === 0) continue;
      const { rule, script, pattern, unless, veto } = patterns[index] as InjectionPattern;
      const window = windows[script];
      let match: RegExpExecArray | null;
      const at = starts[index];
      // A pattern whose literals start at few places is tried at those places only (pattern-prefilter.ts).
      if (at !== undefined) {
        // The windows overlap: the first start of this window may lie before the end of the last one.
        let first = next?.[index] ?? 0;
        while (first > 0 && (at[first - 1] as number) > start) first--;
        while (first < at.length && (at[first] as number) <= start) first++;
        if (next !== undefined) next[index] = first;
        match = firstAtStarts(pattern, window, start, at, first, unless, veto);
      } else match = unless === undefined && veto === undefined ? pattern.exec(window) : firstUnvetoed(pattern, window, unless, veto);
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

type Veto = InjectionPattern['veto'];

/** Whether a pattern's domain exception drops this match: `unless` reads the 80 characters after it, `veto` the match and 80 characters each side. */
function vetoed(match: RegExpExecArray, window: string, unless: RegExp | undefined, veto: Veto): boolean {
  const end = match.index + match[0].length;
  const after = window.slice(end, end + 80);
  return (unless?.test(after) ?? false) || (veto?.(match[0], after, window.slice(Math.max(0, match.index - 80), match.index)) ?? false);
}

// A pattern with a domain exception is global: after a vetoed match the search goes on from its
// end, so "your rules for cancelling … and your system prompt" still finds the second request,
// and the whole window is still read once.
function firstUnvetoed(pattern: RegExp, window: string, unless: RegExp | undefined, veto: Veto): RegExpExecArray | null {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(window); match !== null; match = pattern.exec(window)) {
    if (!vetoed(match, window, unless, veto)) {
      pattern.lastIndex = 0;
      return match;
    }
    if (match[0].length === 0) pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return null;
}

const STICKY = new WeakMap<RegExp, RegExp>();
const stickyOf = (pattern: RegExp): RegExp => {
  let sticky = STICKY.get(pattern);
  if (sticky === undefined) {
    sticky = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
    STICKY.set(pattern, sticky);
  }
  return sticky;
};

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The first match of `pattern` in a window that begins at a word edge right before one of the
 * literal starts `at` (view positions, from `first` on), the same match a search of the whole window
 * finds: every match begins there (pattern-prefilter.ts), a search returns the leftmost, and a
 * sticky try at one place finds what the search finds there. After a vetoed match the tries go on
 * from its end, as the global search does (see firstUnvetoed).
 */
function firstAtStarts(
  pattern: RegExp,
  window: string,
  start: number,
  at: readonly number[],
  first: number,
  unless: RegExp | undefined,
  veto: Veto,
): RegExpExecArray | null {
  const sticky = stickyOf(pattern);
  let from = 0;
  for (let i = first; i < at.length; i++) {
    const literal = (at[i] as number) - start;
    if (literal >= window.length) break;
    // The word edge is the character before the literal: two units when it lies outside the BMP.
    let edge = literal - 1;
    if (edge > 0 && isLowSurrogate(window.charCodeAt(edge)) && isHighSurrogate(window.charCodeAt(edge - 1))) edge--;
    if (edge < from) continue;
    sticky.lastIndex = edge;
    const match = sticky.exec(window);
    if (match === null) continue;
    if (unless === undefined && veto === undefined) return match;
    if (!vetoed(match, window, unless, veto)) return match;
    from = Math.max(match.index + match[0].length, edge + 1);
  }
  return null;
}
