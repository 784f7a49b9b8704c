import type Database from 'better-sqlite3';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainVerdict } from './audit-chain.js';
import { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from './audit-chain.js';
import type { ApprovalCheckRow, ChainRow, GrantCheckRow } from './chain-rows.js';
import { APPROVALS_TO_CHECK, crossCheckChain, grantMatchesEntry, GRANTS_TO_CHECK, toEntry } from './chain-rows.js';

/** The boundary's hash chain in the domain's SQLite file, appended inside the effect's transaction. */
export class SqliteAuditChain implements AuditChain {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async append(event: BoundaryEvent): Promise<ChainEntry> {
    return this.#db.transaction(() => this.appendInTransaction(event)).immediate();
  }

  /** Appends within the caller's (IMMEDIATE) transaction, so the entry commits with the effect or not at all. */
  appendInTransaction(event: BoundaryEvent): ChainEntry {
    const head = this.#db.prepare('SELECT count, hash FROM audit_chain_head WHERE id = 1').get() as { count: number; hash: string } | undefined;
    const seq = (head?.count ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const partial = { ...event, seq, version: AUDIT_CHAIN_VERSION };
    const hash = chainHash(prevHash, partial);
    this.#db
      .prepare('INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(seq, AUDIT_CHAIN_VERSION, event.at, event.type, event.tenant, event.subject, JSON.stringify(event.body), prevHash, hash);
    this.#db
      .prepare('INSERT INTO audit_chain_head (id, count, hash) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET count = excluded.count, hash = excluded.hash')
      .run(seq, hash);
    return { ...partial, prevHash, hash };
  }

  async verify(): Promise<ChainVerdict> {
    const head = this.#db.prepare('SELECT count, hash FROM audit_chain_head WHERE id = 1').get() as { count: number; hash: string } | undefined;
    const rows = this.#db.prepare('SELECT * FROM audit_chain ORDER BY seq').iterate() as IterableIterator<ChainRow>;
    const verdict = verifyChain(
      (function* () {
        for (const row of rows) yield toEntry(row);
      })(),
      head,
    );
    return verdict.ok ? (this.#crossCheck() ?? verdict) : verdict;
  }

  /** The approval and grant rows the write reads must say what the chain says (crossCheckChain). */
  #crossCheck(): ChainVerdict | undefined {
    const count = (this.#db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
    const entryFor = (subject: string, type: ChainEntry['type']) =>
      this.#db.prepare('SELECT * FROM audit_chain WHERE subject = ? AND type = ? ORDER BY seq LIMIT 1').get(subject, type) as ChainRow | undefined;
    return crossCheckChain(count, entryFor, this.#db.prepare(APPROVALS_TO_CHECK).all() as ApprovalCheckRow[], this.#db.prepare(GRANTS_TO_CHECK).all() as GrantCheckRow[]);
  }

  /** At the moment of use: the grant row matches its chained `grant.issued` entry (grantMatchesEntry). */
  grantMatchesChain(approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): boolean {
    return grantMatchesEntry(this.#db.prepare("SELECT * FROM audit_chain WHERE subject = ? AND type = 'grant.issued' ORDER BY seq LIMIT 1").get(approvalId) as ChainRow | undefined, grant);
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column) => `${column} = ?`);
    const values = conditions.map((column) => filter[column]);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    return (this.#db.prepare(sql).all(...values, filter.limit ?? 1000) as ChainRow[]).reverse().map(toEntry);
  }
}
