import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text.js';
import { resolveChunking } from './chunking-options.js';
import { KnowledgeError } from './knowledge-error.js';

const sentence = (i: number) => `Sentence number ${i} says something about parcels and refunds.`;
const paragraphs = Array.from({ length: 12 }, (_, p) => Array.from({ length: 4 }, (_, s) => sentence(p * 4 + s)).join(' ')).join('\n\n');

describe('chunkText', () => {
  it('keeps chunks within the size, covers the whole text in order, and overlaps neighbours', () => {
    const chunks = chunkText(paragraphs, { chunkSize: 400, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(400);
      expect(paragraphs.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    expect(chunks[0]?.start).toBe(0);
    expect(chunks.at(-1)?.end).toBe(paragraphs.length);
    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1];
      const current = chunks[i];
      if (!previous || !current) throw new Error('missing chunk');
      expect(current.start).toBeGreaterThan(previous.start);
      expect(current.start).toBeLessThan(previous.end); // overlap
      expect(previous.end - current.start).toBeLessThanOrEqual(100);
    }
  });

  it('cuts at sentence or paragraph ends when it can, and starts overlaps at a sentence', () => {
    const chunks = chunkText(paragraphs, { chunkSize: 400, overlap: 100 });
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text).toMatch(/\.$/);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^Sentence number \d+/);
  });

  it('splits a text without any boundary by hard cuts and never loops', () => {
    const blob = 'x'.repeat(1050);
    const chunks = chunkText(blob, { chunkSize: 200, overlap: 50 });
    expect(chunks.every((chunk) => chunk.text.length <= 200)).toBe(true);
    expect(chunks.at(-1)?.end).toBe(1050);
    expect(chunks.length).toBeLessThan(10);
  });

  it('returns one chunk for a short text and none for whitespace', () => {
    expect(chunkText('  Коротко.  ')).toEqual([{ text: 'Коротко.', start: 2, end: 10 }]);
    expect(chunkText(' \n\n ')).toEqual([]);
  });
});

describe('resolveChunking', () => {
  it('defaults to 800/120 and refuses sizes out of range', () => {
    expect(resolveChunking()).toEqual({ chunkSize: 800, overlap: 120 });
    expect(resolveChunking({ chunkSize: 200 })).toEqual({ chunkSize: 200, overlap: 100 });
    for (const bad of [{ chunkSize: 50 }, { chunkSize: 800.5 }, { chunkSize: 800, overlap: 401 }, { overlap: -1 }]) {
      expect(() => resolveChunking(bad)).toThrow(KnowledgeError);
    }
  });
});
