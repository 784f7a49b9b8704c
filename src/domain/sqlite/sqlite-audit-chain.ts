import type Database from 'better-sqlite3';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainVerdict } from '../audit/audit-chain.js';
import { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from '../audit/audit-chain.js';

interface ChainRow {
  seq: number;
  version: number;
  at: string;
  type: ChainEntry['type'];
  tenant: string;
  subject: string;
  body: string;
  prev_hash: string;
  hash: string;
}

const toEntry = (row: ChainRow): ChainEntry => ({
  seq: row.seq,
  version: row.version,
  at: row.at,
  type: row.type,
  tenant: row.tenant,
  subject: row.subject,
  body: safeBody(row.body),
  prevHash: row.prev_hash,
  hash: row.hash,
});

// An edited row may no longer hold JSON; verification must report it, not crash on it.
function safeBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { unreadable: text };
  } catch {
    return { unreadable: text };
  }
}

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
    return verifyChain(
      (function* () {
        for (const row of rows) yield toEntry(row);
      })(),
      head,
    );
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column) => `${column} = ?`);
    const values = conditions.map((column) => filter[column]);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    return (this.#db.prepare(sql).all(...values, filter.limit ?? 1000) as ChainRow[]).reverse().map(toEntry);
  }
}
