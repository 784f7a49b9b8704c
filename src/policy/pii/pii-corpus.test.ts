import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PiiType } from './pii-type.js';
import { PII_TYPES } from './pii-type.js';
import { redactPii } from './redact-pii.js';

interface CorpusItem {
  readonly part: 'tune' | 'held_out';
  readonly lang: 'uk' | 'en' | 'ru';
  readonly kind: 'positive' | 'near_miss';
  readonly family: string;
  readonly text: string;
  readonly type?: PiiType;
  readonly value?: string;
}

const corpus = JSON.parse(readFileSync(new URL('../../../evals/pii-corpus.json', import.meta.url), 'utf8')) as { readonly items: readonly CorpusItem[] };

// A positive counts when its type was reported and its value no longer appears in the text (the
// original span was cut, whatever disguise it wore); a near-miss counts as redacted when anything was.
function score(items: readonly CorpusItem[]): { recall: number; nearMissRedacted: number; positives: number; nearMisses: number } {
  const positives = items.filter((item) => item.kind === 'positive');
  const nearMisses = items.filter((item) => item.kind === 'near_miss');
  const found = positives.filter((item) => {
    const result = redactPii(item.text);
    return item.type !== undefined && (result.counts[item.type] ?? 0) >= 1 && item.value !== undefined && !result.text.includes(item.value);
  }).length;
  const redacted = nearMisses.filter((item) => redactPii(item.text).total > 0).length;
  return { recall: found / positives.length, nearMissRedacted: redacted / nearMisses.length, positives: positives.length, nearMisses: nearMisses.length };
}

describe('the PII corpus (evals/pii-corpus.json)', () => {
  it('has both parts, every language, every type, and near-misses', () => {
    for (const part of ['tune', 'held_out'] as const) {
      const items = corpus.items.filter((item) => item.part === part);
      expect(new Set(items.map((item) => item.lang))).toEqual(new Set(['uk', 'en', 'ru']));
      expect(new Set(items.filter((item) => item.kind === 'positive').map((item) => item.type))).toEqual(new Set(PII_TYPES));
      expect(items.filter((item) => item.kind === 'near_miss').length).toBeGreaterThan(100);
    }
  });

  it.each(['tune', 'held_out'] as const)('%s: recall at least 97%, at most 2% of near-misses redacted, overall and per language', (part) => {
    const items = corpus.items.filter((item) => item.part === part);
    const overall = score(items);
    expect(overall.recall).toBeGreaterThanOrEqual(0.97);
    expect(overall.nearMissRedacted).toBeLessThanOrEqual(0.02);
    for (const lang of ['uk', 'en', 'ru'] as const) {
      const figures = score(items.filter((item) => item.lang === lang));
      expect({ lang, recall: figures.recall >= 0.95, nearMisses: figures.nearMissRedacted <= 0.04 }).toEqual({ lang, recall: true, nearMisses: true });
    }
  });

  it('redacts idempotently: a redacted corpus text has nothing left to redact', () => {
    const again = corpus.items.filter((item) => redactPii(redactPii(item.text).text).total > 0).map((item) => item.text);
    expect(again).toEqual([]);
  });
});
