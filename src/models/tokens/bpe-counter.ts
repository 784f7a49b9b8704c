import { createRequire } from 'node:module';

/** A tiktoken rank file as js-tiktoken ships it: the split pattern and `! offset b64 b64 …` lines. */
export interface BpeRanks {
  pat_str: string;
  bpe_ranks: string;
}

/**
 * Counts byte-pair-encoding tokens with the same pattern, ranks and merge order as tiktoken, without
 * building js-tiktoken's encoder. That encoder decodes all 200,000 base64 ranks into comma-joined
 * byte strings before its first count (over a second in a fresh process, most of an offline `ask`);
 * here the ranks stay keyed by their base64 text and each lookup encodes the few bytes it needs.
 * Counting only: nothing is decoded. Special tokens such as `<|endoftext|>` count as plain text.
 */
export class BpeCounter {
  readonly #ranks = new Map<string, number>();
  readonly #pattern: RegExp;

  constructor(ranks: BpeRanks) {
    this.#pattern = new RegExp(ranks.pat_str, 'gu');
    for (const line of ranks.bpe_ranks.split('\n')) {
      if (!line) continue;
      const parts = line.split(' ');
      const offset = Number.parseInt(parts[1] ?? '', 10);
      for (let i = 2; i < parts.length; i++) this.#ranks.set(parts[i] as string, offset + i - 2);
    }
  }

  /** Tokens of `text`. */
  count(text: string): number {
    let total = 0;
    for (const match of text.matchAll(this.#pattern)) {
      const piece = Buffer.from(match[0], 'utf8');
      total += this.#ranks.has(piece.toString('base64')) ? 1 : this.#mergedParts(piece);
    }
    return total;
  }

  #rank(piece: Buffer, start: number, end: number): number | undefined {
    return this.#ranks.get(piece.subarray(start, end).toString('base64'));
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

let o200k: BpeCounter | undefined;

/** The o200k_base counter (gpt-4.1, gpt-4o), built on first use: the rank file is read only then. */
export function o200kCounter(): BpeCounter {
  if (!o200k) {
    const ranks = createRequire(import.meta.url)('js-tiktoken/ranks/o200k_base') as BpeRanks | { default: BpeRanks };
    o200k = new BpeCounter('default' in ranks ? ranks.default : ranks);
  }
  return o200k;
}
