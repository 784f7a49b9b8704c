import type { InjectionPattern } from './injection-pattern.js';
import { containedLiterals, leadingLiterals } from './leading-literals.js';
import { EDGE } from './pattern-parts.js';

/**
 * Where each pattern of a list can match in one view, found with one search per skeleton:
 * `possible` is 0 for a pattern that cannot match anywhere, 1 for one that may match anywhere (its
 * regex reads every window) and 2 for one that may match only where it has a `starts` entry.
 * `starts` holds, per pattern with leading literals (leading-literals.ts), the positions in the
 * view where one of them follows a word edge, ascending: every match begins at the word edge just
 * before one of them, so the regex need only be tried there. Views shorter than
 * {@link RECORD_FROM} get no positions, nor do patterns with more than one start per
 * {@link SPARSE_RATIO} characters: their regexes read the windows whole.
 */
export interface PatternCandidates {
  readonly possible: Uint8Array;
  readonly starts: readonly (readonly number[] | undefined)[];
  readonly any: boolean;
}

/** Below one literal start per this many characters of the view, a pattern is tried at its starts only. */
const SPARSE_RATIO = 32;

/** Views from this length on have their literal starts recorded; a short one is searched whole. */
const RECORD_FROM = 1024;

/** One leading literal and the pattern it belongs to. */
interface Lead {
  readonly literal: string;
  readonly index: number;
}

/**
 * The leading literals of one script: one-character literals by their character, longer ones by a
 * hash of their first two characters (a bucket may hold literals of other heads: each is checked
 * whole, so a collision costs a comparison and finds nothing more). No map keyed by numbers beyond
 * the small integers: those cost an allocation per lookup.
 */
interface Heads {
  readonly single: Map<number, Lead[]>;
  readonly longer: (Lead[] | undefined)[];
  readonly literals: Set<string>;
}

/** A pattern list's leading literals by script, the patterns with contained literals, and those that must always run. */
interface Prefilter {
  readonly heads: Readonly<Record<InjectionPattern['script'], Heads>>;
  /**
   * A word edge followed by any leading literal of the script, for the search that finds where
   * literals start (irregexp runs it several times faster than a loop over the characters);
   * `both` holds both scripts' literals, for a view whose two skeletons are the same string.
   */
  readonly search: Readonly<Record<InjectionPattern['script'] | 'both', RegExp | undefined>>;
  /** Patterns without a leading word edge: each runs only where one of its contained literals (`inside`, one search for all of them) occurs. */
  readonly contained: readonly { readonly script: InjectionPattern['script']; readonly inside: RegExp; readonly index: number }[];
  readonly always: readonly number[];
}

const PAIR_BUCKETS_LOG2 = 13;
const pairBucket = (first: number, second: number): number => (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> (32 - PAIR_BUCKETS_LOG2);
const emptyHeads = (): Heads => ({ single: new Map(), longer: new Array<Lead[] | undefined>(1 << PAIR_BUCKETS_LOG2), literals: new Set() });
const PREFILTERS = new WeakMap<readonly InjectionPattern[], Prefilter>();

// Without the `u` flag the search reads UTF-16 units, as the positions do; EDGE spells its ranges
// with \u escapes, so it means the same there. Longest literals first, though any one found will do.
const escapeLiteral = (literal: string): string => literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const searchOf = (literals: ReadonlySet<string>): RegExp | undefined =>
  literals.size === 0 ? undefined : new RegExp(`${EDGE}(?:${[...literals].sort((a, b) => b.length - a.length).map(escapeLiteral).join('|')})`, 'g');

// The input guard and the taint scan ask with one list each, in turn.
let lastPrefilter: { readonly patterns: readonly InjectionPattern[] | undefined; readonly prefilter: Prefilter | undefined } = { patterns: undefined, prefilter: undefined };

function prefilterOf(patterns: readonly InjectionPattern[]): Prefilter {
  if (patterns === lastPrefilter.patterns && lastPrefilter.prefilter !== undefined) return lastPrefilter.prefilter;
  const known = PREFILTERS.get(patterns) ?? buildPrefilter(patterns);
  lastPrefilter = { patterns, prefilter: known };
  return known;
}

function buildPrefilter(patterns: readonly InjectionPattern[]): Prefilter {
  const heads = { latin: emptyHeads(), cyrillic: emptyHeads() };
  const always: number[] = [];
  const contained: Prefilter['contained'][number][] = [];
  patterns.forEach(({ script, pattern }, index) => {
    const literals = leadingLiterals(pattern.source);
    if (literals === undefined) {
      const inside = containedLiterals(pattern.source);
      if (inside === undefined) always.push(index);
      else contained.push({ script, inside: new RegExp([...new Set(inside)].map(escapeLiteral).join('|')), index });
      return;
    }
    const head = heads[script];
    for (const literal of new Set(literals)) {
      const first = literal.charCodeAt(0);
      const lead = { literal, index };
      if (literal.length === 1) head.single.set(first, [...(head.single.get(first) ?? []), lead]);
      else (head.longer[pairBucket(first, literal.charCodeAt(1))] ??= []).push(lead);
      head.literals.add(literal);
    }
  });
  const search = {
    latin: searchOf(heads.latin.literals),
    cyrillic: searchOf(heads.cyrillic.literals),
    both: searchOf(new Set([...heads.latin.literals, ...heads.cyrillic.literals])),
  };
  const prefilter = { heads, search, contained, always };
  PREFILTERS.set(patterns, prefilter);
  return prefilter;
}

/**
 * Which patterns can match in a view, and where, from its two skeletons. A pattern ruled out here
 * cannot match in any window, and one with leading literals cannot match at any other start, so
 * skipping the rest changes no verdict; ordinary text and the gibberish of its ROT13 and reversed
 * readings rule out most patterns in one search.
 */
export function patternCandidates(patterns: readonly InjectionPattern[], latin: string, cyrillic: string): PatternCandidates {
  const { heads, search, contained, always } = prefilterOf(patterns);
  const possible = new Uint8Array(patterns.length);
  const starts = latin.length >= RECORD_FROM ? new Array<number[] | undefined>(patterns.length) : undefined;
  for (const index of always) possible[index] = 1;
  let any = always.length > 0;
  for (const { script, inside, index } of contained) {
    if (!inside.test(script === 'latin' ? latin : cyrillic)) continue;
    possible[index] = 1;
    any = true;
  }
  // The Cyrillic skeleton differs from the Latin one only in mixed-script words: most views have one skeleton.
  if (latin === cyrillic) {
    if (markLeads(latin, search.both, [heads.latin, heads.cyrillic], possible, starts)) any = true;
  } else {
    if (markLeads(latin, search.latin, [heads.latin], possible, starts)) any = true;
    if (markLeads(cyrillic, search.cyrillic, [heads.cyrillic], possible, starts)) any = true;
  }
  return { possible, starts: starts ?? [], any };
}

function markLeads(skeleton: string, search: RegExp | undefined, scripts: readonly Heads[], possible: Uint8Array, starts: (number[] | undefined)[] | undefined): boolean {
  if (search === undefined) return false;
  let found = false;
  search.lastIndex = 0;
  for (let match = search.exec(skeleton); match !== null; match = search.exec(skeleton)) {
    // The literal starts after the edge; the search goes on from there, as a literal may hold an edge.
    const at = match.index + 1;
    search.lastIndex = at;
    const unit = skeleton.charCodeAt(at);
    const pair = at + 1 < skeleton.length ? pairBucket(unit, skeleton.charCodeAt(at + 1)) : -1;
    for (const { single, longer } of scripts) {
      // Literals of one character, then those of two or more whose first two characters are here.
      const one = single.get(unit);
      const more = pair < 0 ? undefined : longer[pair];
      if (one !== undefined && markAt(skeleton, at, one, possible, starts)) found = true;
      if (more !== undefined && markAt(skeleton, at, more, possible, starts)) found = true;
    }
  }
  search.lastIndex = 0;
  return found;
}

function markAt(skeleton: string, at: number, leads: readonly Lead[], possible: Uint8Array, starts: (number[] | undefined)[] | undefined): boolean {
  let found = false;
  for (const { literal, index } of leads) {
    // A pattern known to run over every window needs no more of its starts.
    if (possible[index] === 1 || !skeleton.startsWith(literal, at)) continue;
    found = true;
    if (starts === undefined) {
      possible[index] = 1;
      continue;
    }
    const list = (starts[index] ??= []);
    // Two literals of one pattern may start at the same place ("show", "showing").
    if (list[list.length - 1] !== at) list.push(at);
    // Starts everywhere: the whole windows are read, which then costs less than a try at each.
    if (list.length * SPARSE_RATIO > skeleton.length) {
      possible[index] = 1;
      starts[index] = undefined;
    } else possible[index] = 2;
  }
  return found;
}
