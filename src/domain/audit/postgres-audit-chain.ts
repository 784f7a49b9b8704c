import type { Pool, PoolClient } from 'pg';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainVerdict } from './audit-chain.js';
import { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from './audit-chain.js';
import { withTransaction } from '../../storage/postgres/with-transaction.js';

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

/**
 * The boundary's hash chain in PostgreSQL, appended inside the effect's transaction. Appends are
 * serialised by a row lock on the chain head (SELECT ... FOR UPDATE), and `seq` is the primary key, so
 * two writers can never both extend the chain from the same entry. Verification is the same function
 * as SQLite's (`verifyChain`), over the same hashed content.
 */
export class PostgresAuditChain implements AuditChain {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async append(event: BoundaryEvent): Promise<ChainEntry> {
    return withTransaction(this.#pool, (client) => this.appendInTransaction(client, event));
  }

  /** Appends within the caller's transaction, so the entry commits with the effect or not at all. */
  async appendInTransaction(client: PoolClient, event: BoundaryEvent): Promise<ChainEntry> {
    // The head row is created once; ON CONFLICT makes two first appends safe, FOR UPDATE then queues them.
    await client.query(`INSERT INTO audit_chain_head (id, count, hash) VALUES (1, 0, $1) ON CONFLICT (id) DO NOTHING`, [GENESIS_HASH]);
    const head = (await client.query<{ count: number; hash: string }>('SELECT count, hash FROM audit_chain_head WHERE id = 1 FOR UPDATE')).rows[0];
    const seq = (head?.count ?? 0) + 1;
    const prevHash = head?.hash ?? GENESIS_HASH;
    const partial = { ...event, seq, version: AUDIT_CHAIN_VERSION };
    const hash = chainHash(prevHash, partial);
    await client.query('INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      seq, AUDIT_CHAIN_VERSION, event.at, event.type, event.tenant, event.subject, JSON.stringify(event.body), prevHash, hash,
    ]);
    await client.query('UPDATE audit_chain_head SET count = $1, hash = $2 WHERE id = 1', [seq, hash]);
    return { ...partial, prevHash, hash };
  }

  async verify(): Promise<ChainVerdict> {
    // One snapshot for the head, the entries and the rows cross-checked against them.
    return withTransaction(
      this.#pool,
      async (client) => {
        const stored = (await client.query<{ count: number; hash: string }>('SELECT count, hash FROM audit_chain_head WHERE id = 1')).rows[0];
        // A head at zero is the row the first append creates: the same as SQLite's absent head.
        const head = stored && stored.count > 0 ? stored : undefined;
        const rows = (await client.query<ChainRow>('SELECT * FROM audit_chain ORDER BY seq')).rows;
        const verdict = verifyChain(rows.map(toEntry), head);
        return verdict.ok ? ((await this.#crossCheck(client, rows)) ?? verdict) : verdict;
      },
      { isolation: 'REPEATABLE READ' },
    );
  }

  /** The approval and grant rows the write reads must say what the chain says (as SQLite's crossCheck). */
  async #crossCheck(client: PoolClient, chain: readonly ChainRow[]): Promise<ChainVerdict | undefined> {
    const count = chain.length;
    const entryFor = (subject: string, type: ChainEntry['type']) => chain.find((row) => row.subject === subject && row.type === type);
    const broken = (seq: number, detail: string): ChainVerdict => ({ ok: false, entries: count, seq, problem: 'altered', detail });
    const approvals = (await client.query<{ approval_id: string; args_hash: string; status: string }>('SELECT approval_id, args_hash, status FROM approvals')).rows;
    for (const a of approvals) {
      const requested = entryFor(a.approval_id, 'approval.requested');
      if (!requested) return broken(count + 1, `approval ${a.approval_id} has no approval.requested entry`);
      if (safeBody(requested.body).args_hash !== a.args_hash) return broken(requested.seq, `the approvals row of ${a.approval_id} disagrees with entry #${requested.seq}`);
      const decided = entryFor(a.approval_id, 'approval.decided');
      if ((a.status === 'pending') !== (decided === undefined)) return broken(decided?.seq ?? requested.seq, `the status of ${a.approval_id} (${a.status}) disagrees with the chain`);
    }
    const grants = (
      await client.query<{ grant_id: string; approval_id: string; args_hash: string; expires_at: string; consumed_by: string | null }>(
        'SELECT grant_id, approval_id, args_hash, expires_at, consumed_by FROM grants',
      )
    ).rows;
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

  /** At the moment of use: the grant row matches its chained `grant.issued` entry and that entry's hash holds. */
  async grantMatchesChain(client: PoolClient, approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): Promise<boolean> {
    const row = (await client.query<ChainRow>("SELECT * FROM audit_chain WHERE subject = $1 AND type = 'grant.issued' ORDER BY seq LIMIT 1", [approvalId])).rows[0];
    if (!row) return false;
    const entry = toEntry(row);
    return chainHash(entry.prevHash, entry) === entry.hash && entry.body.grant_id === grant.grantId && entry.body.args_hash === grant.argsHash && entry.body.expires_at === grant.expiresAt;
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column, i) => `${column} = $${i + 1}`);
    const values: Array<string | number> = conditions.map((column) => filter[column] as string);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT $${values.length + 1}`;
    return (await this.#pool.query<ChainRow>(sql, [...values, filter.limit ?? 1000])).rows.reverse().map(toEntry);
  }
}
