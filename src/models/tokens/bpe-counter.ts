import { createRequire } from 'node:module';

/** A tiktoken rank file as js-tiktoken ships it: the split pattern and `! offset b64 b64 …` lines. */
export interface BpeRanks {
  pat_str: string;
  bpe_ranks: string;
}

/**
 * Counts byte-pair-encoding tokens with the same pattern, ranks and merge order as tiktoken, without
 * building js-tiktoken's encoder. That encoder decodes all 200,000 base64 ranks into comma-joined
 * byte strings before its first count (over a second in a fresh process, most of an offline `ask`).
 * Here the rank file stays one string: an open-addressing table of offsets into it is built in one
 * pass, and each lookup encodes the few bytes it needs as base64 and compares in place, so no string
 * per rank is ever made. Counting only: nothing is decoded. Special tokens such as `<|endoftext|>`
 * count as plain text.
 */
export class BpeCounter {
  readonly #text: string;
  readonly #starts: Int32Array;
  readonly #lengths: Int32Array;
  readonly #ranks: Int32Array;
  readonly #table: Int32Array;
  readonly #mask: number;
  readonly #pattern: RegExp;

  constructor(ranks: BpeRanks) {
    this.#pattern = new RegExp(ranks.pat_str, 'gu');
    const text = ranks.bpe_ranks;
    this.#text = text;
    // Lines read "! <offset> <b64> <b64> …": the n-th token of a line has rank offset + n. One pass over
    // the characters into typed arrays sized by the spaces (an upper bound on the tokens), hashing each
    // token as it is read: this runs once per process, on the first model call (start-up, issue 36).
    let capacity = 0;
    for (let at = text.indexOf(' '); at >= 0; at = text.indexOf(' ', at + 1)) capacity += 1;
    const starts = new Int32Array(capacity);
    const lengths = new Int32Array(capacity);
    const rankList = new Int32Array(capacity);
    const hashes = new Uint32Array(capacity);
    let count = 0;
    for (let line = 0; line < text.length; ) {
      const newline = text.indexOf('\n', line);
      const lineEnd = newline < 0 ? text.length : newline;
      let field = 0;
      let offset = 0;
      let at = line;
      while (at < lineEnd) {
        let end = at;
        let hash = 0x811c9dc5;
        for (let code = text.charCodeAt(end); end < lineEnd && code !== 32; code = text.charCodeAt(++end)) hash = Math.imul(hash ^ code, 0x01000193);
        if (field === 1) offset = Number.parseInt(text.slice(at, end), 10);
        else if (field >= 2 && end > at) {
          starts[count] = at;
          lengths[count] = end - at;
          rankList[count] = offset + field - 2;
          hashes[count] = hash >>> 0;
          count += 1;
        }
        field += 1;
        at = end + 1;
      }
      line = lineEnd + 1;
    }
    this.#starts = starts.subarray(0, count);
    this.#lengths = lengths.subarray(0, count);
    this.#ranks = rankList.subarray(0, count);
    let size = 1;
    while (size < count * 2) size *= 2;
    this.#mask = size - 1;
    this.#table = new Int32Array(size);
    for (let entry = 0; entry < count; entry += 1) {
      let slot = (hashes[entry] as number) & this.#mask;
      while (this.#table[slot] !== 0) slot = (slot + 1) & this.#mask;
      this.#table[slot] = entry + 1;
    }
  }

  // FNV-1a over the characters of text[start, start + length): base64 is ASCII, one byte per char.
  #hashAt(start: number, length: number, source: string = this.#text): number {
    let hash = 0x811c9dc5;
    for (let i = start; i < start + length; i += 1) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
    return hash >>> 0;
  }

  #lookup(key: string): number | undefined {
    for (let slot = this.#hashAt(0, key.length, key) & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const entry = (this.#table[slot] as number) - 1;
      if (entry < 0) return undefined;
      if (this.#lengths[entry] === key.length && this.#text.startsWith(key, this.#starts[entry])) return this.#ranks[entry];
    }
  }

  /** Tokens of `text`. */
  count(text: string): number {
    let total = 0;
    for (const match of text.matchAll(this.#pattern)) {
      const known = this.#pieces.get(match[0]);
      if (known !== undefined) {
        total += known;
        continue;
      }
      const piece = Buffer.from(match[0], 'utf8');
      const tokens = this.#lookup(piece.toString('base64')) !== undefined ? 1 : this.#mergedParts(piece);
      // A run's prompts repeat (system prompts, tool schemas, the request in every call): most pieces
      // were counted before, and encoding each as bytes and base64 again cost an offline run 2-3 ms.
      if (this.#pieces.size >= MAX_REMEMBERED_PIECES) this.#pieces.clear();
      this.#pieces.set(match[0], tokens);
      total += tokens;
    }
    return total;
  }

  /** Token counts of pieces already counted (the split pattern's matches), cleared when full. */
  readonly #pieces = new Map<string, number>();

  #rank(piece: Buffer, start: number, end: number): number | undefined {
    return this.#lookup(piece.subarray(start, end).toString('base64'));
  }

  /** tiktoken's merge: repeatedly join the adjacent pair of lowest rank (leftmost on ties). */
  #mergedParts(piece: Buffer): number {
    const bounds = Array.from({ length: piece.length + 1 }, (_, i) => i);
    while (bounds.length > 2) {
      let best: number | undefined;
      let at = -1;
      for (let i = 0; i + 2 < bounds.length; i++) {
        const rank = this.#rank(piece, bounds[i] as number, bounds[i + 2] as number);
        if (rank !== undefined && (best === undefined || rank < best)) {
          best = rank;
          at = i;
        }
      }
      if (at < 0) break;
      bounds.splice(at + 1, 1);
    }
    // js-tiktoken drops a part with no rank; every single byte has one in o200k, so none is dropped.
    let parts = 0;
    for (let i = 0; i + 1 < bounds.length; i++) if (this.#rank(piece, bounds[i] as number, bounds[i + 1] as number) !== undefined) parts += 1;
    return parts;
  }
}

/** About a megabyte of remembered pieces at most; a long-running service's vocabulary is far smaller. */
const MAX_REMEMBERED_PIECES = 20_000;

let o200k: BpeCounter | undefined;

/** The o200k_base counter (gpt-4.1, gpt-4o), built on first use: the rank file is read only then. */
export function o200kCounter(): BpeCounter {
  if (!o200k) {
    const ranks = createRequire(import.meta.url)('js-tiktoken/ranks/o200k_base') as BpeRanks | { default: BpeRanks };
    o200k = new BpeCounter('default' in ranks ? ranks.default : ranks);
  }
  return o200k;
}
