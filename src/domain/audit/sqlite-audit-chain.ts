import type Database from 'better-sqlite3';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainVerdict } from './audit-chain.js';
import { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from './audit-chain.js';

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
    const verdict = verifyChain(
      (function* () {
        for (const row of rows) yield toEntry(row);
      })(),
      head,
    );
    return verdict.ok ? (this.#crossCheck() ?? verdict) : verdict;
  }

  /**
   * The approval and grant rows the write reads must say what the chain says: a grant widened with
   * sqlite3 (another hash, a later expiry, unmarked as used) is named by the chain entry it contradicts.
   */
  #crossCheck(): ChainVerdict | undefined {
    const count = (this.#db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
    const entryFor = (subject: string, type: ChainEntry['type']) =>
      this.#db.prepare('SELECT * FROM audit_chain WHERE subject = ? AND type = ? ORDER BY seq LIMIT 1').get(subject, type) as ChainRow | undefined;
    const broken = (seq: number, detail: string): ChainVerdict => ({ ok: false, entries: count, seq, problem: 'altered', detail });
    const approvals = this.#db.prepare('SELECT approval_id, args_hash, status FROM approvals').all() as Array<{ approval_id: string; args_hash: string; status: string }>;
    for (const a of approvals) {
      const requested = entryFor(a.approval_id, 'approval.requested');
      if (!requested) return broken(count + 1, `approval ${a.approval_id} has no approval.requested entry`);
      if (safeBody(requested.body).args_hash !== a.args_hash) return broken(requested.seq, `the approvals row of ${a.approval_id} disagrees with entry #${requested.seq}`);
      const decided = entryFor(a.approval_id, 'approval.decided');
      if ((a.status === 'pending') !== (decided === undefined)) return broken(decided?.seq ?? requested.seq, `the status of ${a.approval_id} (${a.status}) disagrees with the chain`);
    }
    const grants = this.#db.prepare('SELECT grant_id, approval_id, args_hash, expires_at, consumed_by FROM grants').all() as Array<{ grant_id: string; approval_id: string; args_hash: string; expires_at: string; consumed_by: string | null }>;
    for (const g of grants) {
      const issued = entryFor(g.approval_id, 'grant.issued');
      const body = issued ? safeBody(issued.body) : {};
      if (!issued || body.grant_id !== g.grant_id || body.args_hash !== g.args_hash || body.expires_at !== g.expires_at) {
        return broken(issued?.seq ?? count + 1, `the grants row of ${g.approval_id} disagrees with its grant.issued entry`);
      }
      const consumed = entryFor(g.approval_id, 'grant.consumed');
      if ((consumed === undefined) !== (g.consumed_by === null)) return broken(consumed?.seq ?? issued.seq, `the grants row of ${g.approval_id} says ${g.consumed_by === null ? 'unused' : 'used'}, the chain does not`);
    }
    return undefined;
  }

  /**
   * At the moment of use: the grant row matches its chained `grant.issued` entry and that entry's hash
   * still holds, so a grant edited in the database file does not authorise anything.
   */
  grantMatchesChain(approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): boolean {
    const row = this.#db.prepare("SELECT * FROM audit_chain WHERE subject = ? AND type = 'grant.issued' ORDER BY seq LIMIT 1").get(approvalId) as ChainRow | undefined;
    if (!row) return false;
    const entry = toEntry(row);
    return chainHash(entry.prevHash, entry) === entry.hash && entry.body.grant_id === grant.grantId && entry.body.args_hash === grant.argsHash && entry.body.expires_at === grant.expiresAt;
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column) => `${column} = ?`);
    const values = conditions.map((column) => filter[column]);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    return (this.#db.prepare(sql).all(...values, filter.limit ?? 1000) as ChainRow[]).reverse().map(toEntry);
  }
}
