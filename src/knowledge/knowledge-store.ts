import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../domain/index.js';
import type { ChunkingOptions } from './chunking-options.js';
import type { TextChunk } from './chunk-text.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import { KNOWLEDGE_MIGRATIONS } from './knowledge-schema.js';
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

type ChunkRow = Omit<StoredChunk, 'retrieval_hints'> & { retrieval_hints: string };
type AuditRow = Omit<KnowledgeAuditRecord, 'blocked' | 'hits'> & { blocked: number; blocked_scope: number; blocked_sensitivity: number; blocked_deny: number; hits: string };

const toBlob = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
// Copy out of the Buffer: its offset need not be 4-byte aligned.
const fromBlob = (blob: Buffer): Float32Array => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

/**
 * Documents, chunks, vectors and the search audit in the shared SQLite file (component `knowledge`).
 * Every change to documents bumps a revision in the same transaction, so any process holding an
 * in-memory index can tell cheaply that it is stale.
 */
export class KnowledgeStore {
  readonly #db: Database.Database;
  // Prepared once: ingesting 100k documents would otherwise spend much of its time compiling SQL.
  readonly #statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  #sql(text: string): Database.Statement {
    let statement = this.#statements.get(text);
    if (!statement) this.#statements.set(text, (statement = this.#db.prepare(text)));
    return statement;
  }

  /** Opens (creating or migrating) the knowledge tables at `path` (`:memory:` for a private store). */
  static open(path: string): KnowledgeStore {
    return new KnowledgeStore(openSqliteDatabase(path, 'knowledge', KNOWLEDGE_MIGRATIONS));
  }

  /** The stored hash and chunking of a document, or undefined when it was never ingested. */
  documentState(docId: string): DocumentState | undefined {
    return this.#sql('SELECT content_hash AS contentHash, chunk_size AS chunkSize, chunk_overlap AS overlap FROM knowledge_documents WHERE doc_id = ?')
      .get(docId) as DocumentState | undefined;
  }

  /** How many documents are stored. */
  documentCount(): number {
    return (this.#sql('SELECT count(*) AS n FROM knowledge_documents').get() as { n: number }).n;
  }

  /** A counter bumped by every document change, in any process. */
  revision(): number {
    return (this.#sql("SELECT value FROM knowledge_meta WHERE key = 'revision'").get() as { value: number }).value;
  }

  /** Replaces a document and its chunks and vectors atomically; returns whether it existed before. */
  replaceDocument(doc: SourceDocument, chunks: readonly TextChunk[], vectors: { embedder: string; values: readonly Float32Array[] }, chunking: ChunkingOptions, at: string): boolean {
    const db = this.#db;
    return db.transaction(() => {
      const existed = this.#sql('DELETE FROM knowledge_documents WHERE doc_id = ?').run(doc.meta.id).changes > 0;
      const { meta } = doc;
      this.#sql(
        `INSERT INTO knowledge_documents (doc_id, title, scope, sensitivity, source_kind, retrieval_hints, lang, source_path, content_hash, chunk_size, chunk_overlap, ingested_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(meta.id, meta.title, meta.scope, meta.sensitivity, meta.source_kind, JSON.stringify(meta.retrieval_hints), meta.lang ?? null, doc.sourcePath, doc.contentHash, chunking.chunkSize, chunking.overlap, at);
      const insertChunk = this.#sql('INSERT INTO knowledge_chunks (chunk_id, doc_id, ordinal, text, start_offset) VALUES (?, ?, ?, ?, ?)');
      const insertVector = this.#sql('INSERT INTO knowledge_vectors (chunk_id, embedder, vector) VALUES (?, ?, ?)');
      chunks.forEach((chunk, ordinal) => {
        const chunkId = `${meta.id}#${ordinal}`;
        insertChunk.run(chunkId, meta.id, ordinal, chunk.text, chunk.start);
        const vector = vectors.values[ordinal];
        if (vector) insertVector.run(chunkId, vectors.embedder, toBlob(vector));
      });
      this.#sql("UPDATE knowledge_meta SET value = value + 1 WHERE key = 'revision'").run();
      return existed;
    }).immediate();
  }

  /** The revision and every chunk with its document's metadata, read in one transaction. */
  snapshot(): CorpusSnapshot {
    return this.#db.transaction(() => {
      const rows = this.#db
        .prepare(
          `SELECT c.chunk_id, c.doc_id, c.ordinal, c.text, d.title, d.scope, d.sensitivity, d.source_kind, d.source_path, d.retrieval_hints
           FROM knowledge_chunks c JOIN knowledge_documents d ON d.doc_id = c.doc_id ORDER BY c.doc_id, c.ordinal`,
        )
        .all() as ChunkRow[];
      const chunks = rows.map((row) => ({ ...row, retrieval_hints: JSON.parse(row.retrieval_hints) as string[] }));
      return { revision: this.revision(), chunks };
    })();
  }

  /** Stored vectors of one embedder by chunk id. */
  vectors(embedder: string): Map<string, Float32Array> {
    const rows = this.#sql('SELECT chunk_id, vector FROM knowledge_vectors WHERE embedder = ?').all(embedder) as Array<{ chunk_id: string; vector: Buffer }>;
    return new Map(rows.map((row) => [row.chunk_id, fromBlob(row.vector)]));
  }

  /** Stores vectors computed later (a new embedder); chunks deleted meanwhile are skipped. */
  saveVectors(embedder: string, entries: ReadonlyArray<readonly [string, Float32Array]>): void {
    const insert = this.#sql(
      'INSERT OR REPLACE INTO knowledge_vectors (chunk_id, embedder, vector) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM knowledge_chunks WHERE chunk_id = ?)',
    );
    this.#db.transaction(() => {
      for (const [chunkId, vector] of entries) insert.run(chunkId, embedder, toBlob(vector), chunkId);
    })();
  }

  /** Appends one audit row. */
  writeAudit(record: KnowledgeAuditRecord): void {
    this.#sql(
        `INSERT INTO knowledge_audit (ts, kind, agent, query, access, allowed, blocked, blocked_scope, blocked_sensitivity, blocked_deny, tainted, hits)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(record.ts, record.kind, record.agent, record.query, record.access, record.allowed, record.blocked.total, record.blocked.scope, record.blocked.sensitivity, record.blocked.deny_pattern, record.tainted, JSON.stringify(record.hits));
  }

  /** The newest audit records first. */
  auditLog(limit = 100): KnowledgeAuditRecord[] {
    const rows = this.#sql('SELECT * FROM knowledge_audit ORDER BY id DESC LIMIT ?').all(limit) as AuditRow[];
    return rows.map((row) => ({
      ts: row.ts, kind: row.kind, agent: row.agent, query: row.query, access: row.access, allowed: row.allowed, tainted: row.tainted,
      blocked: { scope: row.blocked_scope, sensitivity: row.blocked_sensitivity, deny_pattern: row.blocked_deny, total: row.blocked },
      hits: JSON.parse(row.hits) as string[],
    }));
  }

  /** Closes the connection (idempotent). */
  close(): void {
    if (this.#db.open) this.#db.close();
  }
}
