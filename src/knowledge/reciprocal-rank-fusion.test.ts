import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';

describe('reciprocalRankFusion', () => {
  it('sums 1 / (60 + rank) over the lists and keeps each component rank and score', () => {
    const lexical = [{ index: 7, score: 8.42 }, { index: 3, score: 5.1 }];
    const dense = [{ index: 3, score: 0.81 }, { index: 9, score: 0.8 }, { index: 7, score: 0.79 }];
    const fused = reciprocalRankFusion([lexical, dense]);
    expect(fused.map((item) => item.index)).toEqual([3, 7, 9]);
    expect(fused[0]?.fused).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]?.fused).toBeCloseTo(1 / 61 + 1 / 63, 12);
    expect(fused[2]).toEqual({ index: 9, fused: 1 / 62, components: [null, { rank: 2, score: 0.8 }] });
  });

  it('lets k change how much the first places dominate', () => {
    const a = [{ index: 1, score: 1 }, { index: 2, score: 0.5 }];
    const b = [{ index: 2, score: 1 }, { index: 3, score: 0.5 }];
    expect(reciprocalRankFusion([a, b], 1)[0]?.index).toBe(2);
    expect(reciprocalRankFusion([a, []], 60).map((item) => item.index)).toEqual([1, 2]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
