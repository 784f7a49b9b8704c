import { EDGE } from './pattern-parts.js';

/** Characters that end a literal run in a regex source. */
const META = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
const QUANTIFIER = new Set(['?', '*', '{']);

/**
 * The literal texts one of which must follow the leading word edge of every match of `source`, or
 * undefined when that cannot be told from the source. A pattern that starts with {@link EDGE} and
 * then `(?:give|show|what(?:'s|\sis))…` yields `['give', 'show', 'what']`: a window where no word
 * edge is followed by one of them cannot match, so the scanner skips the pattern there. Only plain
 * characters are taken; a letter followed by `?`, `*` or `{` is dropped, an optional or quantified
 * group, a class or an escape first makes the answer undefined (the pattern always runs).
 */
export function leadingLiterals(source: string): readonly string[] | undefined {
  if (!source.startsWith(EDGE)) return undefined;
  const literals = literalsOf(source.slice(EDGE.length));
  return literals === undefined || literals.some((literal) => literal === '') ? undefined : literals;
}

/**
 * For a pattern without a leading word edge: the literals one of which every match contains, read
 * from its first mandatory group of plain alternatives ("(?:[:;]|\\s-)\\s?(?:system|assistant)…"
 * yields `['system', 'assistant']`), or undefined. A window that holds none of them cannot match.
 */
export function containedLiterals(source: string): readonly string[] | undefined {
  const top = splitTopLevel(source);
  if (top === undefined || top.length !== 1) return undefined;
  for (let at = 0; at < source.length; ) {
    const end = itemEnd(source, at);
    if (end === undefined) return undefined;
    const quantified = end < source.length && (QUANTIFIER.has(source[end] ?? '') || source[end] === '+');
    if (!quantified && source.startsWith('(?:', at)) {
      const literals = literalsOf(source.slice(at + 3, end - 1));
      if (literals !== undefined && literals.every((literal) => literal !== '')) return literals;
    }
    at = quantified ? quantifierEnd(source, end) : end;
  }
  return undefined;
}

/** The literals that start every match of a list of word stems, and whether a stem is anchored at the text's start. */
export interface StemLiterals {
  readonly literals: readonly string[];
  /** A stem starts with `^`: it can match at the text's start only, whatever its literals. */
  readonly atTextStart: boolean;
}

/**
 * For an alternation of stems (`a|b` or `(?:a|b)`, as `wordStartSearch` takes them): the literals one
 * of which every match of a stem starts with, or undefined when that cannot be told for one of them
 * (a class, an escape or a quantified group first). Unlike {@link leadingLiterals}, an optional group
 * at a stem's start adds its literals to those of what follows it: `(?:language\s)?models?` yields
 * `['language', 'model']`.
 */
export function stemLiterals(source: string): StemLiterals | undefined {
  const whole = source.startsWith('(?:') && closingParen(source, 0) === source.length - 1;
  const alternatives = splitTopLevel(whole ? source.slice(3, -1) : source);
  if (alternatives === undefined) return undefined;
  const literals: string[] = [];
  let atTextStart = false;
  for (const alternative of alternatives) {
    if (alternative.startsWith('^')) {
      atTextStart = true;
      continue;
    }
    const starts = stemStarts(alternative);
    if (starts === undefined || starts.some((literal) => literal === '')) return undefined;
    literals.push(...starts);
  }
  return { literals, atTextStart };
}

function stemStarts(alternative: string): string[] | undefined {
  if (!alternative.startsWith('(?:')) {
    const literal = plainStart(alternative);
    return literal === '' ? undefined : [literal];
  }
  const close = closingParen(alternative, 0);
  if (close === undefined) return undefined;
  const inner = splitTopLevel(alternative.slice(3, close));
  if (inner === undefined) return undefined;
  const own: string[] = [];
  for (const part of inner) {
    const starts = stemStarts(part);
    if (starts === undefined) return undefined;
    own.push(...starts);
  }
  const next = alternative[close + 1];
  if (next === undefined || !(QUANTIFIER.has(next) || next === '+')) return own;
  if (next !== '?') return undefined;
  // Optional (greedy or lazy): a match starts with the group's literals or with what follows it.
  const rest = stemStarts(alternative.slice(alternative[close + 2] === '?' ? close + 3 : close + 2));
  return rest === undefined ? undefined : [...own, ...rest];
}

/**
 * The plain text a stem starts with, escaped punctuation read as itself (`a\\.i\\.` starts with
 * `a.i.`): up to the first class, escape of a letter (`\\s`, `\\p{…}`), group or other operator; a
 * character a `?`, `*` or `{` follows may be absent, so it is left out.
 */
function plainStart(alternative: string): string {
  let literal = '';
  let at = 0;
  while (at < alternative.length) {
    const char = alternative[at] as string;
    if (char === '\\') {
      const escaped = alternative[at + 1];
      if (escaped === undefined || WORD_ESCAPE.test(escaped)) break;
      literal += escaped;
      at += 2;
      continue;
    }
    if (META.has(char)) break;
    literal += char;
    at++;
  }
  return at < alternative.length && QUANTIFIER.has(alternative[at] ?? '') ? literal.slice(0, -1) : literal;
}
const WORD_ESCAPE = /[\p{L}\p{N}]/u;

/** Where the item (an escape, a class, a group or one character) starting at `at` ends. */
function itemEnd(source: string, at: number): number | undefined {
  const char = source[at];
  if (char === '(') {
    const close = closingParen(source, at);
    return close === undefined ? undefined : close + 1;
  }
  if (char === '[') {
    for (let i = at + 1; i < source.length; i++) {
      if (source[i] === '\\') i++;
      else if (source[i] === ']') return i + 1;
    }
    return undefined;
  }
  if (char === '\\') {
    const kind = source[at + 1];
    if ((kind === 'u' || kind === 'p' || kind === 'P') && source[at + 2] === '{') {
      const close = source.indexOf('}', at + 2);
      return close < 0 ? undefined : close + 1;
    }
    if (kind === 'u') return at + 6;
    if (kind === 'x') return at + 4;
    return at + 2;
  }
  return at + 1;
}

/** Where a quantifier starting at `at` ends (with its lazy `?`). */
function quantifierEnd(source: string, at: number): number {
  let end = at + 1;
  if (source[at] === '{') end = source.indexOf('}', at) + 1;
  return source[end] === '?' ? end + 1 : end;
}

function literalsOf(source: string): string[] | undefined {
  const alternatives = splitTopLevel(source);
  if (alternatives === undefined) return undefined;
  const out: string[] = [];
  for (const alternative of alternatives) {
    const literals = prefixOf(alternative);
    if (literals === undefined) return undefined;
    out.push(...literals);
  }
  return out;
}

function prefixOf(alternative: string): string[] | undefined {
  if (alternative.startsWith('(?:')) {
    const close = closingParen(alternative, 0);
    if (close === undefined) return undefined;
    const next = alternative[close + 1];
    if (next !== undefined && (QUANTIFIER.has(next) || next === '+')) return undefined;
    return literalsOf(alternative.slice(3, close));
  }
  let end = 0;
  while (end < alternative.length && !META.has(alternative[end] ?? '')) end++;
  // "tokens?": the last letter before a quantifier may be absent.
  if (end < alternative.length && QUANTIFIER.has(alternative[end] ?? '')) end--;
  return end <= 0 ? undefined : [alternative.slice(0, end)];
}

/**
 * Walks a regex source from `from`, skipping escaped characters and character classes, and calls
 * `visit` with each other character and the group depth after it; stops when `visit` returns true.
 * Returns the depth at the end and whether a class was left open.
 */
function walkSource(source: string, from: number, visit: (char: string, at: number, depth: number) => boolean): { depth: number; inClass: boolean } {
  let depth = 0;
  let inClass = false;
  for (let at = from; at < source.length; at++) {
    const char = source[at] as string;
    if (char === '\\') {
      at++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    if (visit(char, at, depth) === true) break;
  }
  return { depth, inClass };
}

/** The alternatives of a source at its top level, or undefined when its brackets do not balance. */
function splitTopLevel(source: string): string[] | undefined {
  const parts: string[] = [];
  let start = 0;
  let unbalanced = false;
  const end = walkSource(source, 0, (char, at, depth) => {
    if (depth < 0) return (unbalanced = true);
    if (char === '|' && depth === 0) {
      parts.push(source.slice(start, at));
      start = at + 1;
    }
    return false;
  });
  if (unbalanced || end.depth !== 0 || end.inClass) return undefined;
  parts.push(source.slice(start));
  return parts;
}

function closingParen(source: string, open: number): number | undefined {
  let found: number | undefined;
  walkSource(source, open, (char, at, depth) => {
    if (char === ')' && depth === 0) found = at;
    return found !== undefined;
  });
  return found;
}
