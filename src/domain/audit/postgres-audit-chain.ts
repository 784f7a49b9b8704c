import type { PoolClient } from 'pg';
import type { PostgresPool } from '../../storage/postgres/shared-postgres-pool.js';
import type { AuditAnchor } from './audit-anchor-format.js';
import { checkAnchors } from './audit-anchor.js';
import type { AuditChain, AuditChainFilter, BoundaryEvent, ChainEntry, ChainHead, ChainVerdict, StoredHead } from './audit-chain.js';
import { chainVerdict, GENESIS_HASH, signedHead, signEntry, verifyChain } from './audit-chain.js';
import { AuditAppendError } from './audit-append-error.js';
import type { AuditKeyring } from './audit-keyring.js';
import type { ChainRow } from './chain-rows.js';
import { grantMatchesEntry, toEntry } from './chain-rows.js';
import type { ApprovalCheckRow, CancellationCheckRow, GrantCheckRow } from './cross-check-state.js';
import { APPROVALS_TO_CHECK, CANCELLATIONS_TO_CHECK, crossCheckState, GRANTS_TO_CHECK, readByCrossCheck } from './cross-check-state.js';
import { withTransaction } from '../../storage/postgres/with-transaction.js';

/**
 * The boundary's keyed chain in PostgreSQL, appended inside the effect's transaction. Appends are
 * serialised by a row lock on the chain head (an effect's append locks it first; an append of its own
 * moves it only from the head it names), and `seq` is the primary key, so two writers can never both
 * extend the chain from the same entry. Verification is the same function
 * as SQLite's (`verifyChain`), over the same hashed content.
 */
export class PostgresAuditChain implements AuditChain {
  readonly #pool: PostgresPool;
  readonly keyring: AuditKeyring;
  /** The head as this process's last append wrote it: a guess, checked by the append that uses it. */
  #lastHead: ChainHead | undefined;
  /** Appends of their own, one after another in this process, so each starts from the head the one before wrote. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(pool: PostgresPool, keyring: AuditKeyring) {
    this.#pool = pool;
    this.keyring = keyring;
  }

  /**
   * An append of its own (no effect with it). From the head this process last wrote, it is one
   * statement that moves the head only if the head is still that one (the row lock orders it behind
   * any writer holding the head; the WHERE is checked again on the row that writer left) and inserts
   * the entry only if it did: one round trip and one commit, where the transaction took four round
   * trips. If another writer moved the head meanwhile, nothing is written and the append runs as before,
   * in a transaction that locks the head first. This process's own appends queue behind each other
   * (they waited for each other on the head's row lock anyway), so they do not spoil each other's guess.
   */
  async append(event: BoundaryEvent): Promise<ChainEntry> {
    const appended = this.#queue.then(() => this.#appendNext(event));
    this.#queue = appended.catch(() => undefined);
    return appended;
  }

  async #appendNext(event: BoundaryEvent): Promise<ChainEntry> {
    const guess = this.#lastHead;
    if (guess) {
      const entry = this.#sign(event, guess);
      if (await this.#appendIfHeadIs(this.#pool, guess, entry)) return this.#remember(entry);
    }
    this.#lastHead = undefined;
    return this.#remember(await withTransaction(this.#pool, (client) => this.appendInTransaction(client, event)));
  }

  #remember(entry: ChainEntry): ChainEntry {
    this.#lastHead = { count: entry.seq, hash: entry.hash };
    return entry;
  }

  #sign(event: BoundaryEvent, head: ChainHead): ChainEntry {
    try {
      return signEntry(this.keyring, event, head.count + 1, head.hash);
    } catch (error) {
      throw AuditAppendError.of(event, error);
    }
  }

  /** Writes `entry` after `head` if the stored head is still `head`; true if it did. */
  async #appendIfHeadIs(pool: PostgresPool, head: ChainHead, entry: ChainEntry): Promise<boolean> {
    const signed = signedHead(this.keyring, entry);
    const { rows } = await pool.query<{ moved: string }>({
      name: 'waybill-audit-append-after',
      text: `WITH head AS (UPDATE audit_chain_head SET count = $11, hash = $12, key_id = $13, mac = $14 WHERE id = 1 AND count = $15::integer AND hash = $9::text RETURNING id),
             entry AS (INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, key_id, prev_hash, hash) SELECT $1::integer, $2::integer, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text FROM head)
             SELECT count(*) AS moved FROM head`,
      values: [
        entry.seq, entry.version, entry.at, entry.type, entry.tenant, entry.subject, JSON.stringify(entry.body), entry.keyId ?? null, entry.prevHash, entry.hash,
        signed.count, signed.hash, signed.key_id, signed.mac, head.count,
      ],
    });
    return Number(rows[0]?.moved) === 1;
  }

  /**
   * Appends within the caller's transaction, so the entry commits with the effect or not at all. A
   * missing key is an AuditAppendError (database errors keep their SQLSTATE, for the callers' retries);
   * either way the transaction, and the effect in it, rolls back.
   */
  async appendInTransaction(client: PoolClient, event: BoundaryEvent): Promise<ChainEntry> {
    // Two round trips (it was four). The upsert creates the head row once and otherwise locks it as
    // SELECT ... FOR UPDATE would (ON CONFLICT DO UPDATE takes the row lock, and waits for a writer
    // holding it), returning the head as the last writer committed it; the entry and the new head are
    // then written by one statement.
    const head = (
      await client.query<ChainHead>({
        name: 'waybill-audit-lock-head',
        text: 'INSERT INTO audit_chain_head (id, count, hash) VALUES (1, 0, $1) ON CONFLICT (id) DO UPDATE SET id = audit_chain_head.id RETURNING count, hash',
        values: [GENESIS_HASH],
      })
    ).rows[0] ?? { count: 0, hash: GENESIS_HASH };
    const entry = this.#sign(event, head);
    // If the caller's transaction commits, this is the head; if not, the next append's guess misses once.
    this.#remember(entry);
    const signed = signedHead(this.keyring, entry);
    await client.query({
      name: 'waybill-audit-append',
      text: `WITH entry AS (INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, key_id, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10))
             UPDATE audit_chain_head SET count = $11, hash = $12, key_id = $13, mac = $14 WHERE id = 1`,
      values: [
        entry.seq, entry.version, entry.at, entry.type, entry.tenant, entry.subject, JSON.stringify(entry.body), entry.keyId ?? null, entry.prevHash, entry.hash,
        signed.count, signed.hash, signed.key_id, signed.mac,
      ],
    });
    return entry;
  }

  async head(): Promise<ChainHead> {
    const stored = (await this.#pool.query<ChainHead>('SELECT count, hash FROM audit_chain_head WHERE id = 1')).rows[0];
    return stored ?? { count: 0, hash: GENESIS_HASH };
  }

  async verify(options: { anchors?: readonly AuditAnchor[] } = {}): Promise<ChainVerdict> {
    const anchors = options.anchors ?? [];
    // One snapshot for the head, the entries and the rows cross-checked against them.
    return withTransaction(
      this.#pool,
      async (client) => {
        const stored = (await client.query<StoredHead>('SELECT count, hash, key_id, mac FROM audit_chain_head WHERE id = 1')).rows[0];
        // A head at zero is the row the first append creates: the same as SQLite's absent head.
        const head = stored && stored.count > 0 ? stored : undefined;
        const entries = (await client.query<ChainRow>('SELECT * FROM audit_chain ORDER BY seq')).rows.map(toEntry);
        const walk = verifyChain(entries, head, this.keyring, new Set(anchors.map((a) => a.seq)));
        const state = walk.finding
          ? undefined
          : crossCheckState(
              entries.filter(readByCrossCheck),
              {
                approvals: (await client.query<ApprovalCheckRow>(APPROVALS_TO_CHECK)).rows,
                grants: (await client.query<GrantCheckRow>(GRANTS_TO_CHECK)).rows,
                cancellations: (await client.query<CancellationCheckRow>(CANCELLATIONS_TO_CHECK)).rows,
              },
              walk.count,
            );
        return chainVerdict(walk, [...checkAnchors(anchors, walk, entries.length, this.keyring), ...(state?.findings ?? [])], anchors.length, state?.beforeChain ?? []);
      },
      { isolation: 'REPEATABLE READ' },
    );
  }

  /** At the moment of use: the grant row matches its chained `grant.issued` entry (grantMatchesEntry). */
  async grantMatchesChain(client: PoolClient, approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): Promise<boolean> {
    return grantMatchesEntry((await client.query<ChainRow>("SELECT * FROM audit_chain WHERE subject = $1 AND type = 'grant.issued' ORDER BY seq LIMIT 1", [approvalId])).rows[0], grant, this.keyring);
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column, i) => `${column} = $${i + 1}`);
    const values: Array<string | number> = conditions.map((column) => filter[column] as string);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT $${values.length + 1}`;
    return (await this.#pool.query<ChainRow>(sql, [...values, filter.limit ?? 1000])).rows.reverse().map(toEntry);
  }
}
