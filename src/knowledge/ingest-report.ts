import type { DocumentProblem } from './source-document.js';

/**
 * What an ingest did: documents new to the store, changed ones (content or chunking) whose chunks were
 * replaced, unchanged ones skipped by content hash, malformed files skipped (named in `problems`),
 * and how many chunks were written.
 */
export interface IngestReport {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  chunks: number;
  problems: DocumentProblem[];
}
