import type { DocumentMeta } from './document-meta.js';

/** A validated document read from the corpus, before chunking. */
export interface SourceDocument {
  meta: DocumentMeta;
  /** The Markdown body after the front matter. */
  body: string;
  /** Path relative to the ingested folder with `/` separators; deny patterns match it. */
  sourcePath: string;
  /** SHA-256 of the whole file, front matter included, so a changed sensitivity re-ingests. */
  contentHash: string;
}

/** A file that was not ingested, and why. */
export interface DocumentProblem {
  file: string;
  problem: string;
}
