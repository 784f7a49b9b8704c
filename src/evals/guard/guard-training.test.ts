import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { piiSentences, shippedTrainingOptions } from './guard-training.js';

describe('piiSentences', () => {
  it('takes the tune half of the PII corpus as benign text at a reduced weight, and never the held-out half', () => {
    const sentences = piiSentences();
    expect(sentences.length).toBe(471);
    expect(new Set(sentences.map((s) => s.label))).toEqual(new Set(['benign']));
    expect(new Set(sentences.map((s) => s.weight))).toEqual(new Set([0.3]));
    const dir = mkdtempSync(join(tmpdir(), 'pii-corpus-'));
    const path = join(dir, 'pii.json');
    writeFileSync(path, JSON.stringify({ items: [{ part: 'tune', text: 'Кур’єр має дзвонити на +38 (095) 059-92-67' }, { part: 'held_out', text: 'call 0501234567' }] }));
    expect(piiSentences(path).map((s) => s.text)).toEqual(['Кур’єр має дзвонити на +38 (095) 059-92-67']);
    writeFileSync(path, JSON.stringify({ items: [{ part: 'other', text: 'x' }] }));
    expect(() => piiSentences(path)).toThrow(/items/);
  });

  it('trains every stand-in for the shipped model as it was trained: the lexical head and those sentences', () => {
    const options = shippedTrainingOptions(1 << 19);
    expect(options.lexical).toEqual({ dims: 1 << 19 });
    expect(options.extraExamples?.length).toBe(471);
    expect(shippedTrainingOptions().lexical).toEqual({});
  });
});
