import type Database from 'better-sqlite3';
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

/** The boundary's keyed chain in the domain's SQLite file, appended inside the effect's transaction. */
export class SqliteAuditChain implements AuditChain {
  readonly #db: Database.Database;
  readonly keyring: AuditKeyring;

  constructor(db: Database.Database, keyring: AuditKeyring) {
    this.#db = db;
    this.keyring = keyring;
  }

  async append(event: BoundaryEvent): Promise<ChainEntry> {
    return this.#db.transaction(() => this.appendInTransaction(event)).immediate();
  }

  /**
   * Appends within the caller's (IMMEDIATE) transaction, so the entry commits with the effect or not at
   * all; a failure (no key, a database error) is an AuditAppendError and rolls the effect back.
   */
  appendInTransaction(event: BoundaryEvent): ChainEntry {
    try {
      const head = this.#readHead();
      const entry = signEntry(this.keyring, event, head.count + 1, head.hash);
      this.#db
        .prepare('INSERT INTO audit_chain (seq, version, at, type, tenant, subject, body, key_id, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(entry.seq, entry.version, entry.at, entry.type, entry.tenant, entry.subject, JSON.stringify(entry.body), entry.keyId ?? null, entry.prevHash, entry.hash);
      const signed = signedHead(this.keyring, entry);
      this.#db
        .prepare('INSERT INTO audit_chain_head (id, count, hash, key_id, mac) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET count = excluded.count, hash = excluded.hash, key_id = excluded.key_id, mac = excluded.mac')
        .run(signed.count, signed.hash, signed.key_id, signed.mac);
      return entry;
    } catch (error) {
      throw AuditAppendError.of(event, error);
    }
  }

  async head(): Promise<ChainHead> {
    return this.#readHead();
  }

  #readHead(): ChainHead {
    const head = this.#db.prepare('SELECT count, hash FROM audit_chain_head WHERE id = 1').get() as ChainHead | undefined;
    return head ?? { count: 0, hash: GENESIS_HASH };
  }

  async verify(options: { anchors?: readonly AuditAnchor[] } = {}): Promise<ChainVerdict> {
    const anchors = options.anchors ?? [];
    // One read transaction: the head, the entries and the state tables from the same snapshot.
    return this.#db.transaction(() => {
      const head = this.#db.prepare('SELECT count, hash, key_id, mac FROM audit_chain_head WHERE id = 1').get() as StoredHead | undefined;
      const stored = (this.#db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
      const rows = this.#db.prepare('SELECT * FROM audit_chain ORDER BY seq').iterate() as IterableIterator<ChainRow>;
      const kept: ChainEntry[] = [];
      const walk = verifyChain(
        (function* () {
          for (const row of rows) {
            const entry = toEntry(row);
            if (readByCrossCheck(entry)) kept.push(entry);
            yield entry;
          }
        })(),
        head,
        this.keyring,
        new Set(anchors.map((a) => a.seq)),
      );
      const state = walk.finding
        ? undefined
        : crossCheckState(
            kept,
            {
              approvals: this.#db.prepare(APPROVALS_TO_CHECK).all() as ApprovalCheckRow[],
              grants: this.#db.prepare(GRANTS_TO_CHECK).all() as GrantCheckRow[],
              cancellations: this.#db.prepare(CANCELLATIONS_TO_CHECK).all() as CancellationCheckRow[],
            },
            walk.count,
          );
      return chainVerdict(walk, [...checkAnchors(anchors, walk, stored, this.keyring), ...(state?.findings ?? [])], anchors.length, state?.beforeChain ?? []);
    }).deferred();
  }

  /** At the moment of use: the grant row matches its chained `grant.issued` entry (grantMatchesEntry). */
  grantMatchesChain(approvalId: string, grant: { grantId: string; argsHash: string; expiresAt: string }): boolean {
    return grantMatchesEntry(this.#db.prepare("SELECT * FROM audit_chain WHERE subject = ? AND type = 'grant.issued' ORDER BY seq LIMIT 1").get(approvalId) as ChainRow | undefined, grant, this.keyring);
  }

  async list(filter: AuditChainFilter = {}): Promise<ChainEntry[]> {
    const conditions = (['tenant', 'subject', 'type'] as const).filter((column) => filter[column] !== undefined);
    const where = conditions.map((column) => `${column} = ?`);
    const values = conditions.map((column) => filter[column]);
    const sql = `SELECT * FROM audit_chain ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    return (this.#db.prepare(sql).all(...values, filter.limit ?? 1000) as ChainRow[]).reverse().map(toEntry);
  }
}
