/** An item's position in its collection and its score. */
export interface Scored {
  index: number;
  score: number;
}

/** Which candidates to consider: `ids[i]` names the item whose score is `scores[i]`; `allow[item]` 1 admits it. */
export interface SelectOptions {
  ids?: Uint32Array;
  allow?: Uint8Array;
}

/**
 * The `k` highest scores, best first (ties: lower index first), in one pass with a size-k min-heap,
 * so selecting from 100k scores costs about as much as reading them. Without `ids`, item i is scores[i].
 */
export function selectTop(scores: Float32Array, k: number, options: SelectOptions = {}): Scored[] {
  const { ids, allow } = options;
  const heapIndex = new Uint32Array(Math.max(0, k));
  const heapScore = new Float32Array(Math.max(0, k));
  let size = 0;
  // a is "worse" than b: lower score, or equal score and higher index
  const worse = (sa: number, ia: number, sb: number, ib: number): boolean => sa < sb || (sa === sb && ia > ib);
  for (let i = 0; i < scores.length; i += 1) {
    const item = ids ? (ids[i] ?? 0) : i;
    if (allow && allow[item] !== 1) continue;
    const score = scores[i] ?? 0;
    if (size < k) {
      let c = size;
      size += 1;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (!worse(score, item, heapScore[parent] ?? 0, heapIndex[parent] ?? 0)) break;
        heapScore[c] = heapScore[parent] ?? 0;
        heapIndex[c] = heapIndex[parent] ?? 0;
        c = parent;
      }
      heapScore[c] = score;
      heapIndex[c] = item;
    } else if (k > 0 && worse(heapScore[0] ?? 0, heapIndex[0] ?? 0, score, item)) {
      let c = 0;
      for (;;) {
        const left = 2 * c + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && worse(heapScore[right] ?? 0, heapIndex[right] ?? 0, heapScore[left] ?? 0, heapIndex[left] ?? 0) ? right : left;
        if (!worse(heapScore[child] ?? 0, heapIndex[child] ?? 0, score, item)) break;
        heapScore[c] = heapScore[child] ?? 0;
        heapIndex[c] = heapIndex[child] ?? 0;
        c = child;
      }
      heapScore[c] = score;
      heapIndex[c] = item;
    }
  }
  const out: Scored[] = [];
  for (let i = 0; i < size; i += 1) out.push({ index: heapIndex[i] ?? 0, score: heapScore[i] ?? 0 });
  return out.sort((a, b) => b.score - a.score || a.index - b.index);
}
