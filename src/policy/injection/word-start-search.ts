import { stemLiterals } from './leading-literals.js';

/** Whether a text holds one of a list's stems at the start of a word. */
export interface WordStartSearch {
  test(text: string): boolean;
  /** Where the first stem found at a word start begins, or -1. */
  indexIn(text: string): number;
}

/**
 * A search for `stems` (a regex source) where the character before is not one `inWord` accepts (a
 * regex for one code point), or at the start of the text: the same answer as
 * `(?<![…])(?:stems)` or `(?:^|[^…])(?:stems)`, found two to three times as fast. Irregexp skips
 * ahead to a stem's first letters when the search starts with the stems, while with the word edge
 * first it tries every stem after every space; the character before each stem found is checked apart.
 *
 * With `sharedStarts` (for a search that reads each text alongside other such searches with the same
 * `inWord`, as the data-instruction detector's dozen do), and when every stem's first letters can be
 * read from the source (`stemLiterals`) and the search is case-sensitive, the stems are tried only at
 * the word starts where one of those literals begins, the text's word starts found once for all of
 * them: Irregexp tried each long alternation at every character (the detector over the bench's texts:
 * 70 -> 50 ms a pass). A search that reads a text alone is faster as the one regex pass: the
 * out-of-domain, asks-to-act, advice and code searches took 114 ms a pass so made against 92.
 */
export function wordStartSearch(stems: string, flags: string, inWord: RegExp, options: { readonly sharedStarts?: boolean } = {}): WordStartSearch {
  // Case-insensitive stems would need their literals case-folded as the regex folds them: those keep the plain search.
  const leads = options.sharedStarts !== true || flags.includes('i') ? undefined : stemLiterals(stems);
  if (leads === undefined) {
    const search = new RegExp(stems, `g${flags}`);
    return { test: (text) => wordStartIndex(search, text, inWord) >= 0, indexIn: (text) => wordStartIndex(search, text, inWord) };
  }
  const sticky = new RegExp(stems, `y${flags}`);
  const table = new LeadTable(leads.literals);
  const atTextStart = leads.atTextStart;
  const indexIn = (text: string): number => {
    // A stem anchored with `^` matches at the text's start only, which is always a word start.
    if (atTextStart && stickyMatchAt(sticky, text, 0)) return 0;
    const { starts, count } = wordStarts(text, inWord);
    for (let i = 0; i < count; i++) {
      const at = starts[i] as number;
      if (table.mayStartAt(text, at) && stickyMatchAt(sticky, text, at)) return at;
    }
    return -1;
  };
  return { test: (text) => indexIn(text) >= 0, indexIn };
}

function wordStartIndex(search: RegExp, text: string, inWord: RegExp): number {
  search.lastIndex = 0;
  for (let match = search.exec(text); match !== null; match = search.exec(text)) {
    const at = match.index;
    if (at === 0 || !inWord.test(charBefore(text, at))) {
      search.lastIndex = 0;
      return at;
    }
    // Not at a word start: the next stem found may start inside this one.
    search.lastIndex = at + 1;
  }
  search.lastIndex = 0;
  return -1;
}

/** The character before `at`: a whole code point, as the `u` flag reads it. */
const charBefore = (text: string, at: number): string =>
  at >= 2 && isLowSurrogate(text.charCodeAt(at - 1)) && isHighSurrogate(text.charCodeAt(at - 2)) ? text.slice(at - 2, at) : text.slice(at - 1, at);

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

function stickyMatchAt(sticky: RegExp, text: string, at: number): boolean {
  sticky.lastIndex = at;
  const found = sticky.test(text);
  sticky.lastIndex = 0;
  return found;
}

const LEAD_BUCKETS_LOG2 = 12;
const leadBucket = (first: number, second: number): number => (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> (32 - LEAD_BUCKETS_LOG2);

/** The stems' literals by their first two code units (hashed; a bucket may hold others, each is checked whole), and the one-unit ones by that unit. */
class LeadTable {
  private readonly buckets = new Array<string[] | undefined>(1 << LEAD_BUCKETS_LOG2);
  private readonly single = new Set<number>();

  constructor(literals: readonly string[]) {
    for (const literal of new Set(literals)) {
      if (literal.length === 1) this.single.add(literal.charCodeAt(0));
      else (this.buckets[leadBucket(literal.charCodeAt(0), literal.charCodeAt(1))] ??= []).push(literal);
    }
  }

  /** Whether one of the literals begins at `at`. */
  mayStartAt(text: string, at: number): boolean {
    const first = text.charCodeAt(at);
    if (this.single.size > 0 && this.single.has(first)) return true;
    if (at + 1 >= text.length) return false;
    const bucket = this.buckets[leadBucket(first, text.charCodeAt(at + 1))];
    if (bucket === undefined) return false;
    for (const literal of bucket) if (text.startsWith(literal, at)) return true;
    return false;
  }
}

// Word starts of the last two texts read with each `inWord` (the taint scan reads a text, then each
// sentence and its unlabelled form in turn): every position at the start or after a character
// `inWord` rejects. A code unit's answer comes from a table built on first use; a surrogate's is asked
// of the regex with its whole code point, as the plain search does.
interface Starts {
  text: string | undefined;
  starts: Int32Array;
  count: number;
}
const STARTS = new WeakMap<RegExp, { readonly units: Uint8Array; readonly recent: [Starts, Starts]; next: number }>();
const SURROGATE = 2;
/** Word-start buffers up to this many entries are kept whatever the next text's length. */
const KEPT_STARTS = 1 << 16;

function wordStarts(text: string, inWord: RegExp): Starts {
  let known = STARTS.get(inWord);
  if (known === undefined) {
    const units = new Uint8Array(0x10000);
    for (let unit = 0; unit < 0x10000; unit++) units[unit] = unit >= 0xd800 && unit <= 0xdfff ? SURROGATE : inWord.test(String.fromCharCode(unit)) ? 1 : 0;
    known = { units, recent: [{ text: undefined, starts: new Int32Array(256), count: 0 }, { text: undefined, starts: new Int32Array(256), count: 0 }], next: 0 };
    STARTS.set(inWord, known);
  }
  for (const entry of known.recent) if (entry.text === text) return entry;
  const entry = known.recent[known.next] as Starts;
  known.next = 1 - known.next;
  // Sized to the text; a buffer a long document left is given back once texts are short again.
  const size = text.length + 1;
  if (entry.starts.length < size || (entry.starts.length > KEPT_STARTS && entry.starts.length > 4 * size)) entry.starts = new Int32Array(Math.max(256, size));
  const { units } = known;
  const starts = entry.starts;
  let count = 0;
  if (text.length > 0) starts[count++] = 0;
  for (let at = 1; at < text.length; at++) {
    const before = units[text.charCodeAt(at - 1)];
    if (before === 0 || (before === SURROGATE && !inWord.test(charBefore(text, at)))) starts[count++] = at;
  }
  entry.text = text;
  entry.count = count;
  return entry;
}
