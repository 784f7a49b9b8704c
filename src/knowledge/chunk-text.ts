import type { ChunkingOptions } from './chunking-options.js';
import { DEFAULT_CHUNKING } from './chunking-options.js';

/** One piece of a document body with its character offsets in that body. */
export interface TextChunk {
  text: string;
  start: number;
  end: number;
}

const PARAGRAPH = 3;
const SENTENCE = 2;
const WORD = 1;

// How good a cut just before position p is: after a blank line, after a line or sentence end, after a space.
function breakClass(text: string, p: number): number {
  const before = text[p - 1];
  if (before === '\n') {
    let q = p - 2;
    while (text[q] === ' ' || text[q] === '\t') q -= 1;
    return q < 0 || text[q] === '\n' ? PARAGRAPH : SENTENCE;
  }
  if (before !== ' ' && before !== '\t') return 0;
  return /[.!?…:;]/.test(text[p - 2] ?? '') ? SENTENCE : WORD;
}

// The latest best cut in (from, to]: a paragraph end if there is one, else a sentence end, else a space.
function cutBefore(text: string, from: number, to: number): number {
  const latest = [0, 0, 0, 0];
  for (let p = to; p > from; p -= 1) {
    const kind = breakClass(text, p);
    if (kind > 0 && latest[kind] === 0) latest[kind] = p;
    if (latest[PARAGRAPH]) break;
  }
  return latest[PARAGRAPH] || latest[SENTENCE] || latest[WORD] || to;
}

// Where the next chunk starts so that it repeats at most `overlap` characters: the earliest sentence
// start in that tail, else the earliest word start, else exactly `overlap` back.
function overlapStart(text: string, end: number, overlap: number): number {
  const from = end - overlap;
  let word = 0;
  for (let p = from; p < end; p += 1) {
    const kind = breakClass(text, p);
    if (kind >= SENTENCE) return p;
    if (kind === WORD && word === 0) word = p;
  }
  return word || from;
}

/**
 * Splits text into chunks of at most `chunkSize` characters, cutting at a paragraph end when one lies
 * in the second half of the window, else at a sentence end, else between words; each chunk after the
 * first repeats up to `overlap` characters of the one before, starting at a sentence or word boundary.
 * Linear in the text length. Chunks are trimmed; empty ones are dropped.
 */
export function chunkText(text: string, options: ChunkingOptions = DEFAULT_CHUNKING): TextChunk[] {
  const { chunkSize, overlap } = options;
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    const end = start + chunkSize >= text.length ? text.length : cutBefore(text, start + Math.floor(chunkSize / 2), start + chunkSize);
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') chunks.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    if (end >= text.length) break;
    const next = overlap > 0 ? overlapStart(text, end, overlap) : end;
    start = next > start ? next : end;
  }
  return chunks;
}
