import type { ChunkingOptions } from './chunking-options.js';
import { chunkText } from './chunk-text.js';
import type { Embedder } from './embedder.js';
import type { IngestReport } from './ingest-report.js';
import type { KnowledgeStore } from './knowledge-store.js';
import type { DocumentProblem, SourceDocument } from './source-document.js';
import { indexText } from './stored-chunk.js';

/** The store to write, the embedder for passages, chunking, and the clock for `ingested_at`. */
export interface IngestContext {
  store: KnowledgeStore;
  embedder: Embedder;
  chunking: ChunkingOptions;
  now: () => Date;
}

/**
 * Writes documents incrementally: one whose content hash and chunking match the stored ones is left
 * alone; a new or changed one is chunked, embedded and replaces its stored chunks in one transaction,
 * so a failure (e.g. the embeddings endpoint) leaves every document either old or new, never half.
 * `problems` from loading are carried into the report as skipped. Documents missing from `documents`
 * are kept: several folders may feed one store.
 */
export async function ingestDocuments(context: IngestContext, documents: readonly SourceDocument[], problems: readonly DocumentProblem[] = []): Promise<IngestReport> {
  const { store, embedder, chunking, now } = context;
  const report: IngestReport = { added: 0, updated: 0, unchanged: 0, skipped: problems.length, chunks: 0, problems: [...problems] };
  for (const doc of documents) {
    const state = await store.documentState(doc.meta.id);
    if (state && state.contentHash === doc.contentHash && state.chunkSize === chunking.chunkSize && state.overlap === chunking.overlap) {
      report.unchanged += 1;
      continue;
    }
    const chunks = chunkText(doc.body, chunking);
    const texts = chunks.map((chunk) => indexText({ title: doc.meta.title, retrieval_hints: doc.meta.retrieval_hints, text: chunk.text }));
    const values = await embedder.embed(texts, 'passage');
    const existed = await store.replaceDocument(doc, chunks, { embedder: embedder.id, values }, chunking, now().toISOString());
    if (existed) report.updated += 1;
    else report.added += 1;
    report.chunks += chunks.length;
  }
  return report;
}
