import type { PoolClient } from 'pg';
import type { PostgresMigration, PostgresPool } from '../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, withTransaction } from '../storage/index.js';
import type { ChunkingOptions } from './chunking-options.js';
import type { TextChunk } from './chunk-text.js';
import { knowledgeSchemaV1 } from './knowledge-schema.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import type { AuditRow, CorpusSnapshot, DocumentState, KnowledgeStore, StoredKnowledge } from './knowledge-store.js';
import { AUDIT_COLUMNS, auditValues, DOCUMENT_COLUMNS, documentValues, fromBlob, storedDocumentValues, toAuditRecord, toBlob } from './knowledge-store.js';
import type { SourceDocument } from './source-document.js';
import type { StoredChunk } from './stored-chunk.js';

/** The same version and tables as SQLite's `knowledge` component (knowledge-schema.ts). */
const POSTGRES_KNOWLEDGE_MIGRATIONS: readonly PostgresMigration[] = [knowledgeSchemaV1(POSTGRES_DIALECT)];

type ChunkRow = Omit<StoredChunk, 'retrieval_hints'> & { retrieval_hints: string };
// Bytewise order (COLLATE "C"), as SQLite sorts: both backends build the index over chunks in one order.
const CHUNKS_WITH_DOCUMENTS = `SELECT c.chunk_id, c.doc_id, c.ordinal, c.text, d.title, d.scope, d.sensitivity, d.source_kind, d.source_path, d.retrieval_hints
  FROM knowledge_chunks c JOIN knowledge_documents d ON d.doc_id = c.doc_id ORDER BY c.doc_id COLLATE "C", c.ordinal`;
const AUDIT_PLACEHOLDERS = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12';
const BUMP_REVISION = "UPDATE knowledge_meta SET value = value + 1 WHERE key = 'revision'";
// A transaction that lost a race to insert the same document (23505) runs again and replaces it.
const RACES = { retryOn: ['23505'] } as const;

/** The knowledge store in PostgreSQL (component `knowledge`), shared by every process. */
export class PostgresKnowledgeStore implements KnowledgeStore {
  readonly #pool: PostgresPool;
  #closed = false;

  constructor(pool: PostgresPool) {
    this.#pool = pool;
  }

  /** Connects to `url` and migrates the `knowledge` component; throws StoreError. */
  static async open(url: string): Promise<PostgresKnowledgeStore> {
    return new PostgresKnowledgeStore(await openPostgresPool(url, 'knowledge', POSTGRES_KNOWLEDGE_MIGRATIONS));
  }

  async documentState(docId: string): Promise<DocumentState | undefined> {
    return (await this.#pool.query<DocumentState>('SELECT content_hash AS "contentHash", chunk_size AS "chunkSize", chunk_overlap AS overlap FROM knowledge_documents WHERE doc_id = $1', [docId])).rows[0];
  }

  async documentCount(): Promise<number> {
    return (await this.#pool.query<{ n: number }>('SELECT count(*)::int AS n FROM knowledge_documents')).rows[0]?.n ?? 0;
  }

  async revision(): Promise<number> {
    return revisionOf(this.#pool);
  }

  async replaceDocument(doc: SourceDocument, chunks: readonly TextChunk[], vectors: { embedder: string; values: readonly Float32Array[] }, chunking: ChunkingOptions, at: string): Promise<boolean> {
    return withTransaction(this.#pool, async (client) => {
      const existed = ((await client.query('DELETE FROM knowledge_documents WHERE doc_id = $1', [doc.meta.id])).rowCount ?? 0) > 0;
      await client.query(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, documentValues(doc, chunking, at));
      const ids = chunks.map((_, ordinal) => `${doc.meta.id}#${ordinal}`);
      await insertChunks(client, ids.map((id, ordinal) => ({ chunk_id: id, doc_id: doc.meta.id, ordinal, text: chunks[ordinal]?.text ?? '', start_offset: chunks[ordinal]?.start ?? 0 })));
      await insertVectors(client, ids.flatMap((id, ordinal) => {
        const vector = vectors.values[ordinal];
        return vector ? [{ chunk_id: id, embedder: vectors.embedder, vector: toBlob(vector) }] : [];
      }));
      await client.query(BUMP_REVISION);
      return existed;
    }, RACES);
  }

  /** One REPEATABLE READ transaction: the chunks and the revision are of one moment. */
  async snapshot(): Promise<CorpusSnapshot> {
    return withTransaction(this.#pool, async (client) => {
      const rows = (await client.query<ChunkRow>(CHUNKS_WITH_DOCUMENTS)).rows;
      const chunks = rows.map((row) => ({ ...row, retrieval_hints: JSON.parse(row.retrieval_hints) as string[] }));
      return { revision: await revisionOf(client), chunks };
    }, { isolation: 'REPEATABLE READ' });
  }

  async vectors(embedder: string): Promise<Map<string, Float32Array>> {
    const rows = (await this.#pool.query<{ chunk_id: string; vector: Buffer }>('SELECT chunk_id, vector FROM knowledge_vectors WHERE embedder = $1', [embedder])).rows;
    return new Map(rows.map((row) => [row.chunk_id, fromBlob(row.vector)]));
  }

  async saveVectors(embedder: string, entries: ReadonlyArray<readonly [string, Float32Array]>): Promise<void> {
    if (entries.length === 0) return;
    await this.#pool.query(
      `INSERT INTO knowledge_vectors (chunk_id, embedder, vector)
       SELECT v.chunk_id, $1, v.vector FROM unnest($2::text[], $3::bytea[]) AS v (chunk_id, vector)
       WHERE EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.chunk_id = v.chunk_id)
       ON CONFLICT (chunk_id, embedder) DO UPDATE SET vector = excluded.vector`,
      [embedder, entries.map(([id]) => id), entries.map(([, vector]) => toBlob(vector))],
    );
  }

  async writeAudit(record: KnowledgeAuditRecord): Promise<void> {
    await this.#pool.query(`INSERT INTO knowledge_audit (${AUDIT_COLUMNS}) VALUES (${AUDIT_PLACEHOLDERS})`, auditValues(record));
  }

  async auditLog(limit = 100): Promise<KnowledgeAuditRecord[]> {
    return (await this.#pool.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM knowledge_audit ORDER BY id DESC LIMIT $1`, [limit])).rows.map(toAuditRecord);
  }

  async exportAll(): Promise<StoredKnowledge> {
    return withTransaction(this.#pool, async (client) => ({
      documents: (await client.query<StoredKnowledge['documents'][number]>(`SELECT ${DOCUMENT_COLUMNS} FROM knowledge_documents ORDER BY doc_id COLLATE "C"`)).rows,
      chunks: (await client.query<StoredKnowledge['chunks'][number]>('SELECT chunk_id, doc_id, ordinal, text, start_offset FROM knowledge_chunks ORDER BY doc_id COLLATE "C", ordinal')).rows,
      vectors: (await client.query<StoredKnowledge['vectors'][number]>('SELECT chunk_id, embedder, vector FROM knowledge_vectors ORDER BY chunk_id COLLATE "C", embedder COLLATE "C"')).rows,
      audit: (await client.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM knowledge_audit ORDER BY id`)).rows.map(toAuditRecord),
    }), { isolation: 'REPEATABLE READ' });
  }

  async replaceAll(rows: StoredKnowledge): Promise<void> {
    await withTransaction(this.#pool, async (client) => {
      await client.query('DELETE FROM knowledge_documents');
      for (const d of rows.documents) {
        await client.query(`INSERT INTO knowledge_documents (${DOCUMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, storedDocumentValues(d));
      }
      await insertChunks(client, rows.chunks);
      await insertVectors(client, rows.vectors);
      for (const a of rows.audit) await client.query(`INSERT INTO knowledge_audit (${AUDIT_COLUMNS}) VALUES (${AUDIT_PLACEHOLDERS})`, auditValues(a));
      await client.query(BUMP_REVISION);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }
}

async function revisionOf(client: PostgresPool | PoolClient): Promise<number> {
  return (await client.query<{ value: number }>("SELECT value::float8 AS value FROM knowledge_meta WHERE key = 'revision'")).rows[0]?.value ?? 0;
}

// One statement per table, not per row: a document's chunks (or a whole copied corpus) in one round trip.
async function insertChunks(client: PoolClient, chunks: StoredKnowledge['chunks']): Promise<void> {
  if (chunks.length === 0) return;
  await client.query(
    'INSERT INTO knowledge_chunks (chunk_id, doc_id, ordinal, text, start_offset) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[])',
    [chunks.map((c) => c.chunk_id), chunks.map((c) => c.doc_id), chunks.map((c) => c.ordinal), chunks.map((c) => c.text), chunks.map((c) => c.start_offset)],
  );
}

async function insertVectors(client: PoolClient, vectors: StoredKnowledge['vectors']): Promise<void> {
  if (vectors.length === 0) return;
  await client.query('INSERT INTO knowledge_vectors (chunk_id, embedder, vector) SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[])', [
    vectors.map((v) => v.chunk_id), vectors.map((v) => v.embedder), vectors.map((v) => v.vector),
  ]);
}
