import { KnowledgeError } from './knowledge-error.js';

/** Chunk size and overlap in characters. */
export interface ChunkingOptions {
  chunkSize: number;
  overlap: number;
}

/** 800 characters hold a paragraph or two of policy text; 120 carry a sentence across the cut. */
export const DEFAULT_CHUNKING: ChunkingOptions = { chunkSize: 800, overlap: 120 };

/**
 * Fills defaults and checks ranges: chunkSize a whole number from 100 to 20000, overlap a whole number
 * from 0 to half the chunk size. Throws KnowledgeError `invalid_options` naming the allowed range.
 */
export function resolveChunking(options: Partial<ChunkingOptions> = {}): ChunkingOptions {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNKING.chunkSize;
  const overlap = options.overlap ?? Math.min(DEFAULT_CHUNKING.overlap, Math.floor(chunkSize / 2));
  if (!Number.isInteger(chunkSize) || chunkSize < 100 || chunkSize > 20_000) {
    throw new KnowledgeError('invalid_options', `chunk size must be a whole number of characters from 100 to 20000, got ${chunkSize}`);
  }
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > chunkSize / 2) {
    throw new KnowledgeError('invalid_options', `overlap must be a whole number from 0 to half the chunk size (${Math.floor(chunkSize / 2)}), got ${overlap}`);
  }
  return { chunkSize, overlap };
}
