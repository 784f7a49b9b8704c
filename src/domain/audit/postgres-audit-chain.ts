import type { Pool, PoolClient } from 'pg';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainVerdict } from './audit-chain.js';
import { AUDIT_CHAIN_VERSION, chainHash, GENESIS_HASH, verifyChain } from './audit-chain.js';
import type { ApprovalCheckRow, ChainRow, GrantCheckRow } from './chain-rows.js';
import { APPROVALS_TO_CHECK, crossCheckChain, grantMatchesEntry, GRANTS_TO_CHECK, toEntry } from './chain-rows.js';
import { withTransaction } from '../../storage/postgres/with-transaction.js';

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

  /** The approval and grant rows the write reads must say what the chain says (crossCheckChain). */
  async #crossCheck(client: PoolClient, chain: readonly ChainRow[]): Promise<ChainVerdict | undefined> {
    const entryFor = (subject: string, type: ChainEntry['type']) => chain.find((row) => row.subject === subject && row.type === type);
    const approvals = (await client.query<ApprovalCheckRow>(APPROVALS_TO_CHECK)).rows;
    return crossCheckChain(chain.length, entryFor, approvals, (await client.query<GrantCheckRow>(GRANTS_TO_CHECK)).rows);
  }

  /** At the moment of use: the grant row matches its chained `grant.issued` entry (grantMatchesEntry). */
  async grantMatchesChain(client: PoolClient, approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): Promise<boolean> {
    return grantMatchesEntry((await client.query<ChainRow>("SELECT * FROM audit_chain WHERE subject = $1 AND type = 'grant.issued' ORDER BY seq LIMIT 1", [approvalId])).rows[0], grant);
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column, i) => `${column} = $${i + 1}`);
    const values: Array<string | number> = conditions.map((column) => filter[column] as string);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT $${values.length + 1}`;
    return (await this.#pool.query<ChainRow>(sql, [...values, filter.limit ?? 1000])).rows.reverse().map(toEntry);
  }
}
