import { excerpt } from './excerpt.js';
import { cyrillicSkeleton, latinSkeleton } from './homoglyph-skeleton.js';
import type { InjectionPattern } from './injection-pattern.js';
import type { InjectionRule } from './injection-rule.js';
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
  // The padding gives the first and last word a word edge and the first line a line start.
  const view = `\n${normaliseForMatching(text)}\n`;
  const latin = latinSkeleton(view);
  const cyrillic = cyrillicSkeleton(view);
  const step = options.windowChars - options.overlapChars;
  for (let start = 0; ; start += step) {
    const end = Math.min(start + options.windowChars, view.length);
    const windows = { latin: latin.slice(start, end), cyrillic: cyrillic.slice(start, end) };
    for (const { rule, script, pattern, unless } of patterns) {
      const match = unless === undefined ? pattern.exec(windows[script]) : firstUnvetoed(pattern, unless, windows[script]);
      if (match === null) continue;
      const from = start + match.index;
      const to = from + match[0].length;
      const original = view.slice(from, to);
      return { rule, evidence: excerpt(original), folded: original !== match[0] };
    }
    if (end === view.length) return undefined;
  }
}

// A pattern with a domain exception is global: after a vetoed match the search goes on from its
// end, so "your rules for cancelling … and your system prompt" still finds the second request,
// and the whole window is still read once.
function firstUnvetoed(pattern: RegExp, unless: RegExp, window: string): RegExpExecArray | null {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(window); match !== null; match = pattern.exec(window)) {
    const after = match.index + match[0].length;
    if (!unless.test(window.slice(after, after + 80))) {
      pattern.lastIndex = 0;
      return match;
    }
    if (match[0].length === 0) pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return null;
}
