import type { ChunkingOptions } from './chunking-options.js';
import type { TextChunk } from './chunk-text.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import type { SourceDocument } from './source-document.js';
import type { StoredChunk } from './stored-chunk.js';

/** What the store remembers of an ingested document, to decide whether a re-ingest changes it. */
export interface DocumentState {
  contentHash: string;
  chunkSize: number;
  overlap: number;
}

/** A consistent read of the corpus: the revision and the chunks that belong to it. */
export interface CorpusSnapshot {
  revision: number;
  chunks: StoredChunk[];
}

/** Every stored row (vectors as little-endian float32 bytes), for `waybill db copy`. */
export interface StoredKnowledge {
  documents: Array<{
    doc_id: string; title: string; scope: string; sensitivity: string; source_kind: string; retrieval_hints: string; lang: string | null;
    source_path: string; content_hash: string; chunk_size: number; chunk_overlap: number; ingested_at: string;
  }>;
  chunks: Array<{ chunk_id: string; doc_id: string; ordinal: number; text: string; start_offset: number }>;
  vectors: Array<{ chunk_id: string; embedder: string; vector: Buffer }>;
  audit: KnowledgeAuditRecord[];
}

/**
 * Documents, chunks, vectors and the search audit (component `knowledge`). Every change to documents
 * bumps a revision in the same transaction, so any process holding an in-memory index can tell cheaply
 * that it is stale. SQLite (the embedded default) and PostgreSQL implement it; `openKnowledgeStore`
 * picks one by database location. Search is exact and in process on both: the index loads the stored
 * vectors (pgvector is not used).
 */
export interface KnowledgeStore {
  /** The stored hash and chunking of a document, or undefined when it was never ingested. */
  documentState(docId: string): Promise<DocumentState | undefined>;
  documentCount(): Promise<number>;
  /** A counter bumped by every document change, in any process. */
  revision(): Promise<number>;
  /** Replaces a document and its chunks and vectors atomically; returns whether it existed before. */
  replaceDocument(doc: SourceDocument, chunks: readonly TextChunk[], vectors: { embedder: string; values: readonly Float32Array[] }, chunking: ChunkingOptions, at: string): Promise<boolean>;
  /** The revision and every chunk with its document's metadata, read in one transaction. */
  snapshot(): Promise<CorpusSnapshot>;
  /** Stored vectors of one embedder by chunk id. */
  vectors(embedder: string): Promise<Map<string, Float32Array>>;
  /** Stores vectors computed later (a new embedder); chunks deleted meanwhile are skipped. */
  saveVectors(embedder: string, entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void>;
  writeAudit(record: KnowledgeAuditRecord): Promise<void>;
  /** The newest audit records first. */
  auditLog(limit?: number): Promise<KnowledgeAuditRecord[]>;
  exportAll(): Promise<StoredKnowledge>;
  /**
   * Replaces every document (with its chunks and vectors) by the given ones and appends the audit
   * records, in one transaction that bumps the revision.
   */
  replaceAll(rows: StoredKnowledge): Promise<void>;
  close(): Promise<void>;
}

export const toBlob = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
// Copy out of the Buffer: its offset need not be 4-byte aligned.
export const fromBlob = (blob: Buffer): Float32Array => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

/** A stored audit row (both backends) back to the record. */
export interface AuditRow {
  ts: string; kind: KnowledgeAuditRecord['kind']; agent: string; query: string; access: KnowledgeAuditRecord['access'];
  allowed: number; blocked: number; blocked_scope: number; blocked_sensitivity: number; blocked_deny: number; tainted: number; hits: string;
}
export const toAuditRecord = (row: AuditRow): KnowledgeAuditRecord => ({
  ts: row.ts, kind: row.kind, agent: row.agent, query: row.query, access: row.access, allowed: row.allowed, tainted: row.tainted,
  blocked: { scope: row.blocked_scope, sensitivity: row.blocked_sensitivity, deny_pattern: row.blocked_deny, total: row.blocked },
  hits: JSON.parse(row.hits) as string[],
});
/** The audit columns in insert order, and a record's values for them. */
export const AUDIT_COLUMNS = 'ts, kind, agent, query, access, allowed, blocked, blocked_scope, blocked_sensitivity, blocked_deny, tainted, hits';
export const auditValues = (r: KnowledgeAuditRecord): unknown[] => [
  r.ts, r.kind, r.agent, r.query, r.access, r.allowed, r.blocked.total, r.blocked.scope, r.blocked.sensitivity, r.blocked.deny_pattern, r.tainted, JSON.stringify(r.hits),
];
/** The document columns in insert order, and a new document's values for them. */
export const DOCUMENT_COLUMNS = 'doc_id, title, scope, sensitivity, source_kind, retrieval_hints, lang, source_path, content_hash, chunk_size, chunk_overlap, ingested_at';
export const documentValues = (doc: SourceDocument, chunking: ChunkingOptions, at: string): unknown[] => [
  doc.meta.id, doc.meta.title, doc.meta.scope, doc.meta.sensitivity, doc.meta.source_kind, JSON.stringify(doc.meta.retrieval_hints), doc.meta.lang ?? null, doc.sourcePath, doc.contentHash, chunking.chunkSize, chunking.overlap, at,
];
export const storedDocumentValues = (d: StoredKnowledge['documents'][number]): unknown[] => [
  d.doc_id, d.title, d.scope, d.sensitivity, d.source_kind, d.retrieval_hints, d.lang, d.source_path, d.content_hash, d.chunk_size, d.chunk_overlap, d.ingested_at,
];
