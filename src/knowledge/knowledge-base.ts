import { resolveDbPath } from '../domain/index.js';
import { resolveScopesPath } from './bundled-paths.js';
import type { ChunkingOptions } from './chunking-options.js';
import { resolveChunking } from './chunking-options.js';
import type { Embedder } from './embedder.js';
import { embedderFromEnv } from './embedder-from-env.js';
import type { Bridge } from './find-bridges.js';
import { findBridges } from './find-bridges.js';
import type { RankedHit, RetrievalMode } from './hybrid-retriever.js';
import { ingestDocuments } from './ingest-documents.js';
import type { IngestReport } from './ingest-report.js';
import { KnowledgeError } from './knowledge-error.js';
import type { KnowledgeAuditRecord } from './knowledge-audit-record.js';
import { NOTHING_BLOCKED } from './knowledge-audit-record.js';
import type { KnowledgeIndex } from './knowledge-index.js';
import { loadKnowledgeIndex } from './knowledge-index.js';
import type { KnowledgeStore } from './knowledge-store.js';
import { openKnowledgeStore } from './open-knowledge-store.js';
import { loadDocuments } from './load-documents.js';
import type { PolicySearchResult } from './policy-hit.js';
import type { PolicySearchRequest } from './search-policies.js';
import { runScopedSearch } from './search-policies.js';
import type { ScopesFile } from './scopes-file.js';
import { accessFor, loadScopesFile } from './scopes-file.js';
import type { DocumentProblem, SourceDocument } from './source-document.js';

/** Where the knowledge lives and how it is searched; every field has a default. */
export interface KnowledgeBaseOptions {
  /**
   * Where the chunks and vectors are stored: a SQLite file (`:memory:` for a private store) or a
   * `postgres://` URL (default `resolveDbPath()`: WAYBILL_DB or ./.waybill/waybill.db).
   */
  path?: string;
  /** Access per agent (default: the file WAYBILL_KB_SCOPES names, else knowledge/scopes.json). */
  scopes?: ScopesFile;
  /** Default `embedderFromEnv()`: the configured endpoint, else the local n-gram embedding. */
  embedder?: Embedder;
  /** A folder ingested before the first search when the store holds no document (the bundled corpus). */
  seedCorpus?: string;
  now?: () => Date;
  /** RRF constant (60) and per-component depth before fusion (50). */
  rrfK?: number;
  candidates?: number;
}

/** Admin-only bridges: the pairs found, or a refusal. */
export type BridgeResult = { allowed: true; threshold: number; compared: number; bridges: Bridge[] } | { allowed: false; reason: string };

/** An unscoped hit with its chunk and document ids. */
export type UnscopedHit = RankedHit & { chunk_id: string; doc_id: string };

// After a failed embedding, retry the dense side at most this often rather than on every search.
const DENSE_RETRY_MS = 30_000;

/**
 * The company policy knowledge base: ingest, scoped hybrid search, admin bridges and the audit, over
 * the shared database (SQLite or PostgreSQL). Indexes are built in memory on first use and rebuilt
 * when any process changes the corpus (a revision counter in the database says so); search is exact,
 * in process, over the stored vectors.
 * @example
 * const kb = await KnowledgeBase.open({ seedCorpus: BUNDLED_CORPUS_DIR });
 * const { hits } = await kb.searchPolicies({ agent: 'pricing_agent', query: 'ліміт ваги нічного тарифу' });
 */
export class KnowledgeBase {
  readonly #store: KnowledgeStore;
  readonly #scopes: ScopesFile;
  readonly #embedder: Embedder;
  readonly #options: KnowledgeBaseOptions;
  readonly #now: () => Date;
  #index: Promise<KnowledgeIndex> | undefined;
  #builtAt = 0;
  #seeding: Promise<unknown> | undefined;

  private constructor(store: KnowledgeStore, scopes: ScopesFile, embedder: Embedder, options: KnowledgeBaseOptions) {
    this.#store = store;
    this.#scopes = scopes;
    this.#embedder = embedder;
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  /** Opens the store (creating its tables) and reads the scopes; throws StoreError or KnowledgeError. */
  static async open(options: KnowledgeBaseOptions = {}): Promise<KnowledgeBase> {
    const store = await openKnowledgeStore(options.path ?? resolveDbPath());
    try {
      return new KnowledgeBase(store, options.scopes ?? loadScopesFile(resolveScopesPath()), options.embedder ?? embedderFromEnv(), options);
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  /** The embedder's id (which vectors are in use). */
  get embedderId(): string {
    return this.#embedder.id;
  }

  /** How many documents the store holds. */
  documentCount(): Promise<number> {
    return this.#store.documentCount();
  }

  /** Loads `dir` (malformed files are reported, not fatal) and ingests it incrementally. */
  async ingestDirectory(dir: string, chunking: Partial<ChunkingOptions> = {}): Promise<IngestReport> {
    const resolved = resolveChunking(chunking);
    const { documents, problems } = await loadDocuments(dir);
    return this.ingestDocuments(documents, resolved, problems);
  }

  /** Ingests documents already in memory; unchanged ones (same hash and chunking) are skipped. */
  async ingestDocuments(documents: readonly SourceDocument[], chunking: Partial<ChunkingOptions> = {}, problems: readonly DocumentProblem[] = []): Promise<IngestReport> {
    const context = { store: this.#store, embedder: this.#embedder, chunking: resolveChunking(chunking), now: this.#now };
    return ingestDocuments(context, documents, problems);
  }

  /**
   * Scoped hybrid search over the company policies: the `search_policies` tool.
   *
   * Contract:
   * - `agent` is the caller's identity and must come from the runtime (the worker's role name), never
   *   from a model's arguments. An agent missing from the scopes file gets `access: 'unknown_agent'` and
   *   no hits (deny-by-default).
   * - Chunks outside the agent's scopes, above its `max_sensitivity`, or matching a deny pattern are
   *   removed before ranking, so ranks and scores describe the agent's own view only.
   * - Each hit is scanned by the tool-output guard (`tainted`, `taint_rule`); give a model `for_model`
   *   (wrapped as retrieved data), never `text`. Retrieved text may inform an answer but cannot
   *   initiate a write (the taint policy of `checkWriteOrigin`).
   * - `query` is trimmed and cut at 2000 characters; an empty one returns no hits. `limit` is 1 to 50
   *   (default 5).
   * - Every call, refused or not, writes one `knowledge_audit` row: the query (PII redacted), agent,
   *   hits returned, and `blocked`: of the `limit` chunks an unrestricted caller would have got, how
   *   many this agent was denied, by scope, sensitivity or deny pattern.
   * - If the embeddings endpoint fails, the hits are lexical only and `degraded` says why.
   * Throws KnowledgeError `invalid_options` for a bad limit and StoreError for an unusable database;
   * nothing the model sends makes it throw otherwise.
   */
  async searchPolicies(request: PolicySearchRequest): Promise<PolicySearchResult> {
    const limit = request.limit ?? 5;
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw new KnowledgeError('invalid_options', `limit must be a whole number from 1 to 50, got ${limit}`);
    const context = { access: accessFor(this.#scopes, request.agent), index: () => this.#currentIndex(), store: this.#store, now: this.#now };
    return runScopedSearch(context, request, limit);
  }

  /**
   * Cross-scope bridges for an admin: pairs of chunks in different scopes with dense cosine above
   * `threshold` (default 0.8), at most `limit` (default 50). Any agent whose scopes entry is not
   * `admin: true` is refused (and the refusal audited). Throws KnowledgeError `invalid_options` for a
   * threshold outside -1..1 or a bad limit, `embeddings_failed` when no vectors can be computed.
   */
  async findBridges(request: { agent: string; threshold?: number; limit?: number }): Promise<BridgeResult> {
    const { agent, threshold = 0.8, limit = 50 } = request;
    if (!Number.isFinite(threshold) || threshold < -1 || threshold > 1) throw new KnowledgeError('invalid_options', `threshold must be a number from -1 to 1, got ${threshold}`);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new KnowledgeError('invalid_options', `limit must be a whole number from 1 to 1000, got ${limit}`);
    const access = accessFor(this.#scopes, agent);
    const audit = (record: Pick<KnowledgeAuditRecord, 'access' | 'allowed' | 'hits'>): Promise<void> =>
      this.#store.writeAudit({ ts: this.#now().toISOString(), kind: 'bridges', agent, query: `bridges threshold=${threshold}`, blocked: { ...NOTHING_BLOCKED }, tainted: 0, ...record });
    if (!access?.admin) {
      await audit({ access: access ? 'refused' : 'unknown_agent', allowed: 0, hits: [] });
      return { allowed: false, reason: `${agent} is not an admin in the scopes file; bridges are visible to admins only` };
    }
    const index = await this.#currentIndex();
    if (!index.dense) throw new KnowledgeError('embeddings_failed', `no dense vectors for bridges: ${index.denseError ?? 'empty corpus'}`);
    const found = findBridges(index.chunks, index.dense, threshold, limit);
    await audit({ access: 'granted', allowed: found.bridges.length, hits: found.bridges.flatMap((bridge) => [bridge.a.chunk_id, bridge.b.chunk_id]) });
    return { allowed: true, threshold, ...found };
  }

  /**
   * Ranks the whole corpus with no access control and no audit: for evaluation (recall@k) and
   * benchmarks only. Never give it to an agent; agents use `searchPolicies`.
   */
  async retrieveUnscoped(query: string, options: { limit: number; mode?: RetrievalMode }): Promise<UnscopedHit[]> {
    const index = await this.#currentIndex();
    return (await index.retriever.search(query, options)).map((hit) => ({
      ...hit, chunk_id: index.chunks[hit.index]?.chunk_id ?? '', doc_id: index.chunks[hit.index]?.doc_id ?? '',
    }));
  }

  /** The newest audit records first. */
  auditLog(limit = 100): Promise<KnowledgeAuditRecord[]> {
    return this.#store.auditLog(limit);
  }

  /** Closes the store; the instance cannot be used afterwards. */
  close(): Promise<void> {
    return this.#store.close();
  }

  async #currentIndex(): Promise<KnowledgeIndex> {
    const seed = this.#options.seedCorpus;
    if (seed !== undefined) {
      // One seeding per instance; concurrent first searches wait for it rather than see an empty corpus.
      // A failed seeding (say, the embeddings endpoint is down) is retried by the next search.
      this.#seeding ??= this.#store
        .documentCount()
        .then((count) => (count === 0 ? this.ingestDirectory(seed) : undefined))
        .catch((error: unknown) => {
          this.#seeding = undefined;
          throw error;
        });
      await this.#seeding;
    }
    const revision = await this.#store.revision();
    if (this.#index) {
      const current = await this.#index.catch(() => undefined);
      const retryDense = current?.denseError !== undefined && this.#now().getTime() - this.#builtAt > DENSE_RETRY_MS;
      if (current && current.revision === revision && !retryDense) return current;
    }
    const { rrfK, candidates } = this.#options;
    this.#builtAt = this.#now().getTime();
    this.#index = loadKnowledgeIndex(this.#store, this.#embedder, { ...(rrfK !== undefined && { rrfK }), ...(candidates !== undefined && { candidates }) });
    return this.#index;
  }
}
