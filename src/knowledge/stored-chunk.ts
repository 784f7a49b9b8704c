import type { Sensitivity } from './sensitivity.js';

/** A chunk as retrieval sees it: its text and its document's metadata. */
export interface StoredChunk {
  chunk_id: string;
  doc_id: string;
  ordinal: number;
  text: string;
  title: string;
  scope: string;
  sensitivity: Sensitivity;
  source_kind: string;
  source_path: string;
  retrieval_hints: string[];
}

/**
 * The text both indexes see for a chunk: its document's title and retrieval hints, then the chunk. The
 * hints are written for retrieval (key terms, codes, and their translation into the other language),
 * so every chunk of a document is reachable by its title and by a query in either language.
 */
export function indexText(chunk: Pick<StoredChunk, 'title' | 'retrieval_hints' | 'text'>): string {
  return `${chunk.title}\n${chunk.retrieval_hints.join('; ')}\n${chunk.text}`;
}
