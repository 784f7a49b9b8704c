import type Database from 'better-sqlite3';
import { openSqliteDatabase } from '../storage/index.js';
import type { ChunkingOptions } from './chunking-options.js';
import type { TextChunk } from './chunk-text.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import type { AuditRow, CorpusSnapshot, DocumentState, KnowledgeStore, StoredKnowledge } from './knowledge-store.js';
import { AUDIT_COLUMNS, auditValues, DOCUMENT_COLUMNS, documentValues, fromBlob, storedDocumentValues, toAuditRecord, toBlob } from './knowledge-store.js';
import { KNOWLEDGE_MIGRATIONS } from './knowledge-schema.js';
import type { SourceDocument } from './source-document.js';
import type { StoredChunk } from './stored-chunk.js';

type ChunkRow = Omit<StoredChunk, 'retrieval_hints'> & { retrieval_hints: string };
const CHUNKS_WITH_DOCUMENTS = `SELECT c.chunk_id, c.doc_id, c.ordinal, c.text, d.title, d.scope, d.sensitivity, d.source_kind, d.source_path, d.retrieval_hints
  FROM knowledge_chunks c JOIN knowledge_documents d ON d.doc_id = c.doc_id ORDER BY c.doc_id, c.ordinal`;

/** The knowledge store in the shared SQLite file (component `knowledge`). */
export class SqliteKnowledgeStore implements KnowledgeStore {
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
  static open(path: string): SqliteKnowledgeStore {
    return new SqliteKnowledgeStore(openSqliteDatabase(path, 'knowledge', KNOWLEDGE_MIGRATIONS));
  }

  async documentState(docId: string): Promise<DocumentState | undefined> {
    return this.#sql('SELECT content_hash AS contentHash, chunk_size AS chunkSize, chunk_overlap AS overlap FROM knowledge_documents WHERE doc_id = ?').get(docId) as DocumentState | undefined;
  }

  async documentCount(): Promise<number> {
    return (this.#sql('SELECT count(*) AS n FROM knowledge_documents').get() as { n: number }).n;
  }

  async revision(): Promise<number> {
    return this.#revision();
  }

  #revision(): number {
    return (this.#sql("SELECT value FROM knowledge_meta WHERE key = 'revision'").get() as { value: number }).value;
  }

  async replaceDocument(doc: SourceDocument, chunks: readonly TextChunk[], vectors: { embedder: string; values: readonly Float32Array[] }, chunking: ChunkingOptions, at: string): Promise<boolean> {
    return this.#db.transaction(() => {
      const existed = this.#sql('DELETE FROM knowledge_documents WHERE doc_id = ?').run(doc.meta.id).changes > 0;
      this.#sql(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...documentValues(doc, chunking, at));
      const insertChunk = this.#sql('INSERT INTO knowledge_chunks (chunk_id, doc_id, ordinal, text, start_offset) VALUES (?, ?, ?, ?, ?)');
      const insertVector = this.#sql('INSERT INTO knowledge_vectors (chunk_id, embedder, vector) VALUES (?, ?, ?)');
      chunks.forEach((chunk, ordinal) => {
        const chunkId = `${doc.meta.id}#${ordinal}`;
        insertChunk.run(chunkId, doc.meta.id, ordinal, chunk.text, chunk.start);
        const vector = vectors.values[ordinal];
        if (vector) insertVector.run(chunkId, vectors.embedder, toBlob(vector));
      });
      this.#sql("UPDATE knowledge_meta SET value = value + 1 WHERE key = 'revision'").run();
      return existed;
    }).immediate();
  }

  async snapshot(): Promise<CorpusSnapshot> {
    return this.#db.transaction(() => {
      const rows = this.#sql(CHUNKS_WITH_DOCUMENTS).all() as ChunkRow[];
      const chunks = rows.map((row) => ({ ...row, retrieval_hints: JSON.parse(row.retrieval_hints) as string[] }));
      return { revision: this.#revision(), chunks };
    })();
  }

  async vectors(embedder: string): Promise<Map<string, Float32Array>> {
    const rows = this.#sql('SELECT chunk_id, vector FROM knowledge_vectors WHERE embedder = ?').all(embedder) as Array<{ chunk_id: string; vector: Buffer }>;
    return new Map(rows.map((row) => [row.chunk_id, fromBlob(row.vector)]));
  }

  async saveVectors(embedder: string, entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void> {
    const insert = this.#sql(
      'INSERT OR REPLACE INTO knowledge_vectors (chunk_id, embedder, vector) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM knowledge_chunks WHERE chunk_id = ?)',
    );
    this.#db.transaction(() => {
      for (const [chunkId, vector] of entries) insert.run(chunkId, embedder, toBlob(vector), chunkId);
    })();
  }

  async writeAudit(record: KnowledgeAuditRecord): Promise<void> {
    this.#sql(`INSERT INTO knowledge_audit (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...auditValues(record));
  }

  async auditLog(limit = 100): Promise<KnowledgeAuditRecord[]> {
    return (this.#sql('SELECT * FROM knowledge_audit ORDER BY id DESC LIMIT ?').all(limit) as AuditRow[]).map(toAuditRecord);
  }

  async exportAll(): Promise<StoredKnowledge> {
    return this.#db.transaction(() => ({
      documents: this.#db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents ORDER BY doc_id`).all() as StoredKnowledge['documents'],
      chunks: this.#db.prepare('SELECT chunk_id, doc_id, ordinal, text, start_offset FROM knowledge_chunks ORDER BY doc_id, ordinal').all() as StoredKnowledge['chunks'],
      vectors: this.#db.prepare('SELECT chunk_id, embedder, vector FROM knowledge_vectors ORDER BY chunk_id, embedder').all() as StoredKnowledge['vectors'],
      audit: (this.#db.prepare('SELECT * FROM knowledge_audit ORDER BY id').all() as AuditRow[]).map(toAuditRecord),
    }))();
  }

  async replaceAll(rows: StoredKnowledge): Promise<void> {
    const document = this.#db.prepare(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const chunk = this.#db.prepare('INSERT INTO knowledge_chunks (chunk_id, doc_id, ordinal, text, start_offset) VALUES (?, ?, ?, ?, ?)');
    const vector = this.#db.prepare('INSERT INTO knowledge_vectors (chunk_id, embedder, vector) VALUES (?, ?, ?)');
    const audit = this.#db.prepare(`INSERT INTO knowledge_audit (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM knowledge_documents').run();
      for (const d of rows.documents) document.run(...storedDocumentValues(d));
      for (const c of rows.chunks) chunk.run(c.chunk_id, c.doc_id, c.ordinal, c.text, c.start_offset);
      for (const v of rows.vectors) vector.run(v.chunk_id, v.embedder, v.vector);
      for (const a of rows.audit) audit.run(...auditValues(a));
      this.#db.prepare("UPDATE knowledge_meta SET value = value + 1 WHERE key = 'revision'").run();
    }).immediate();
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}
