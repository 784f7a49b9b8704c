import type { Migration, SqlDialect } from '../storage/index.js';
import { SQLITE_DIALECT } from '../storage/index.js';

/**
 * The `knowledge` component's tables, version 1 — documents, chunks, vectors per embedder, a
 * revision counter every process polls, and the search audit. Vectors are little-endian float32
 * bytes on both backends; search over them is exact and in process (pgvector is not used).
 */
export const knowledgeSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE knowledge_documents (
        doc_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        scope TEXT NOT NULL,
        sensitivity TEXT NOT NULL,
        source_kind TEXT NOT NULL,
        retrieval_hints TEXT NOT NULL,
        lang TEXT,
        source_path TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        chunk_size INTEGER NOT NULL,
        chunk_overlap INTEGER NOT NULL,
        ingested_at TEXT NOT NULL
      );
      CREATE TABLE knowledge_chunks (
        chunk_id TEXT PRIMARY KEY,
        doc_id TEXT NOT NULL REFERENCES knowledge_documents (doc_id) ON DELETE CASCADE,
        ordinal INTEGER NOT NULL,
        text TEXT NOT NULL,
        start_offset INTEGER NOT NULL
      );
      CREATE INDEX knowledge_chunks_doc ON knowledge_chunks (doc_id, ordinal);
      CREATE TABLE knowledge_vectors (
        chunk_id TEXT NOT NULL REFERENCES knowledge_chunks (chunk_id) ON DELETE CASCADE,
        embedder TEXT NOT NULL,
        vector ${d.bytes} NOT NULL,
        PRIMARY KEY (chunk_id, embedder)
      );
      CREATE TABLE knowledge_meta (key TEXT PRIMARY KEY, value ${d.bigint} NOT NULL);
      INSERT INTO knowledge_meta (key, value) VALUES ('revision', 0);
      CREATE TABLE knowledge_audit (
        id ${d.bigSerialKey},
        ts TEXT NOT NULL,
        kind TEXT NOT NULL,
        agent TEXT NOT NULL,
        query TEXT NOT NULL,
        access TEXT NOT NULL,
        allowed INTEGER NOT NULL,
        blocked INTEGER NOT NULL,
        blocked_scope INTEGER NOT NULL,
        blocked_sensitivity INTEGER NOT NULL,
        blocked_deny INTEGER NOT NULL,
        tainted INTEGER NOT NULL,
        hits TEXT NOT NULL
      );
      CREATE INDEX knowledge_audit_ts ON knowledge_audit (ts);
    `;

/** The `knowledge` component's migrations in the shared SQLite file. */
export const KNOWLEDGE_MIGRATIONS: readonly Migration[] = [(db) => db.exec(knowledgeSchemaV1(SQLITE_DIALECT))];
