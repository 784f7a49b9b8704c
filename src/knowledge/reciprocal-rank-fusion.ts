import type { Scored } from './select-top.js';

/** A 1-based rank in one list and the score that list gave. */
export interface ComponentRank {
  rank: number;
  score: number;
}

/** One item after fusion: its fused score and where each input list placed it (null: absent). */
export interface FusedItem {
  index: number;
  fused: number;
  components: Array<ComponentRank | null>;
}

/** k = 60 from Cormack et al.; a small k lets the first places dominate, a large one flattens them. */
export const DEFAULT_RRF_K = 60;

/**
 * Reciprocal Rank Fusion: each item scores the sum over the lists of 1 / (k + rank), ranks 1-based,
 * so lists on different scales (BM25, cosine) combine without calibration. Best first; ties go to
 * the better single rank, then the lower index.
 */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly Scored[]>, k = DEFAULT_RRF_K): FusedItem[] {
  const items = new Map<number, FusedItem>();
  lists.forEach((list, which) => {
    list.forEach((entry, position) => {
      let item = items.get(entry.index);
      if (!item) items.set(entry.index, (item = { index: entry.index, fused: 0, components: lists.map(() => null) }));
      item.fused += 1 / (k + position + 1);
      item.components[which] = { rank: position + 1, score: entry.score };
    });
  });
  const best = (item: FusedItem): number => Math.min(...item.components.map((c) => c?.rank ?? Infinity));
  return [...items.values()].sort((a, b) => b.fused - a.fused || best(a) - best(b) || a.index - b.index);
}
