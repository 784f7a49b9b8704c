import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { loadAuditKeyring } from '../domain/audit/audit-keyring.js';
import type { AuditKeyring } from '../domain/audit/audit-keyring.js';
import { defaultKeyDir } from '../domain/audit/default-key-dir.js';
import { PostgresAuditChain } from '../domain/audit/postgres-audit-chain.js';
import { POSTGRES_DOMAIN_MIGRATIONS } from '../domain/store/postgres-domain-schema.js';
import { migratePostgresComponent } from '../storage/postgres/migrate-postgres-component.js';
import type { PostgresMigration } from '../storage/index.js';
import type { PostgresPool } from '../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, withTransaction } from '../storage/index.js';
import type { RunVariant } from '../telemetry/index.js';
import type { ArmTally } from './rollback-rule.js';
import type { ChangeRow, EventRow } from './rollout-schema.js';
import { changeOfRow, eventOfRow, rolloutSchemaV1, tallyOfRows } from './rollout-schema.js';
import type { RolloutStage } from './rollout-stage.js';
import { DEFAULT_STAGE } from './rollout-stage.js';
import type { RolloutAction } from './rollout-chain-event.js';
import { endedAction, endPercent, historyDetail, rolloutChainEvent, startedAction } from './rollout-chain-event.js';
import type { NewChange, RolloutChange, RolloutEvent, RolloutStore } from './rollout-store.js';

/** The same version and tables as SQLite's `rollout` component (1 — stages, changes, outcomes, events). */
const POSTGRES_ROLLOUT_MIGRATIONS: readonly PostgresMigration[] = [rolloutSchemaV1(POSTGRES_DIALECT)];

/**
 * Rollout state in PostgreSQL, shared by every serve and worker. A change ends once: the ending UPDATE
 * is conditional on `state = 'canary'`, so of two processes rolling back at once exactly one writes the
 * event. Each write, its line of history and its entry in the boundary's keyed audit chain commit in one
 * transaction (the chain's appends are serialised by the lock on its head row).
 */
export class PostgresRolloutStore extends PostgresStore implements RolloutStore {
  readonly #chain: PostgresAuditChain;

  constructor(pool: PostgresPool, now: (() => Date) | undefined, keyring: AuditKeyring) {
    super(pool, now);
    this.#chain = new PostgresAuditChain(pool, keyring);
  }

  /** `auditKeys`: default, the domain store's (the environment, else the default key file). */
  static async open(url: string, now?: () => Date, auditKeys?: AuditKeyring): Promise<PostgresRolloutStore> {
    const pool = await openPostgresPool(url, 'rollout', POSTGRES_ROLLOUT_MIGRATIONS);
    try {
      // The audit chain is the domain component's table: a rollout written first must find it.
      await migratePostgresComponent(pool, url, 'domain', POSTGRES_DOMAIN_MIGRATIONS);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return new PostgresRolloutStore(pool, now, auditKeys ?? loadAuditKeyring({ defaultDir: defaultKeyDir() }));
  }

  async #event(client: PoolClient, action: RolloutAction): Promise<void> {
    const at = this.now().toISOString();
    await client.query('INSERT INTO rollout_events (at, tenant, change_id, type, by_whom, detail) VALUES ($1, $2, $3, $4, $5, $6)', [at, action.tenant, action.changeId, action.type, action.by, JSON.stringify(historyDetail(action))]);
    await this.#chain.appendInTransaction(client, rolloutChainEvent(action, at));
  }

  async stage(tenant: string): Promise<RolloutStage> {
    const row = (await this.pool.query<{ stage: RolloutStage }>('SELECT stage FROM rollout_stages WHERE tenant = $1', [tenant])).rows[0];
    return row?.stage ?? DEFAULT_STAGE;
  }

  async setStage(tenant: string, stage: RolloutStage, by: string, reason?: string): Promise<RolloutStage> {
    return withTransaction(this.pool, async (client) => {
      const row = (await client.query<{ stage: RolloutStage }>('SELECT stage FROM rollout_stages WHERE tenant = $1 FOR UPDATE', [tenant])).rows[0];
      const previous = row?.stage ?? DEFAULT_STAGE;
      if (previous === stage && row) return previous;
      await client.query(
        'INSERT INTO rollout_stages (tenant, stage, changed_at, changed_by) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant) DO UPDATE SET stage = excluded.stage, changed_at = excluded.changed_at, changed_by = excluded.changed_by',
        [tenant, stage, this.now().toISOString(), by],
      );
      if (previous !== stage) await this.#event(client, { tenant, changeId: null, type: 'rollout.stage_changed', by, before: { stage: previous }, after: { stage }, detail: { ...(reason && { reason }) } });
      return previous;
    }, { retryOn: ['23505'] });
  }

  async activeChange(tenant: string): Promise<RolloutChange | undefined> {
    const row = (await this.pool.query<ChangeRow>("SELECT * FROM rollout_changes WHERE tenant = $1 AND state = 'canary'", [tenant])).rows[0];
    return row && changeOfRow(row);
  }

  async currentChange(tenant: string): Promise<RolloutChange | undefined> {
    const row = (await this.pool.query<ChangeRow>("SELECT * FROM rollout_changes WHERE tenant = $1 AND state IN ('canary', 'promoted') ORDER BY started_at DESC, seq DESC LIMIT 1", [tenant])).rows[0];
    return row && changeOfRow(row);
  }

  async getChange(id: string): Promise<RolloutChange | undefined> {
    const row = (await this.pool.query<ChangeRow>('SELECT * FROM rollout_changes WHERE id = $1', [id])).rows[0];
    return row && changeOfRow(row);
  }

  async listChanges(tenant: string, limit = 50): Promise<RolloutChange[]> {
    return (await this.pool.query<ChangeRow>('SELECT * FROM rollout_changes WHERE tenant = $1 ORDER BY started_at DESC, seq DESC LIMIT $2', [tenant, limit])).rows.map(changeOfRow);
  }

  async startChange(change: NewChange): Promise<RolloutChange | undefined> {
    const id = change.id ?? `chg-${randomUUID()}`;
    const started = await withTransaction(this.pool, async (client) => {
      const inserted = await client.query(
        `INSERT INTO rollout_changes (id, tenant, kind, stable_version, candidate_version, percent, state, min_candidate_runs, margin, started_at, started_by)
         VALUES ($1, $2, $3, $4, $5, $6, 'canary', $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
        [id, change.tenant, change.kind, change.stableVersion, change.candidateVersion, change.percent, change.rule.minCandidateRuns, change.rule.margin, this.now().toISOString(), change.by],
      );
      if (inserted.rowCount === 0) return false;
      await this.#event(client, startedAction(id, change));
      return true;
    });
    return started ? this.getChange(id) : undefined;
  }

  async setPercent(id: string, percent: number, by: string): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const row = (await client.query<{ tenant: string; percent: number }>("SELECT tenant, percent FROM rollout_changes WHERE id = $1 AND state = 'canary' FOR UPDATE", [id])).rows[0];
      if (!row) return false;
      await client.query('UPDATE rollout_changes SET percent = $1 WHERE id = $2', [percent, id]);
      await this.#event(client, { tenant: row.tenant, changeId: id, type: 'rollout.percent_changed', by, before: { percent: Number(row.percent) }, after: { percent }, detail: {} });
      return true;
    });
  }

  async endChange(id: string, state: 'promoted' | 'rolled_back', by: string, detail: Record<string, unknown>): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      // The row lock: a concurrent ender waits, then finds no `canary` row (the percentage before is read under it).
      const row = (await client.query<{ tenant: string; percent: number }>("SELECT tenant, percent FROM rollout_changes WHERE id = $1 AND state = 'canary' FOR UPDATE", [id])).rows[0];
      if (!row) return false;
      await client.query('UPDATE rollout_changes SET state = $1, percent = $2, ended_at = $3 WHERE id = $4', [state, endPercent(state), this.now().toISOString(), id]);
      await this.#event(client, endedAction(row.tenant, id, state, by, Number(row.percent), detail));
      return true;
    });
  }

  async recordOutcome(variant: RunVariant, runId: string, bad: boolean): Promise<void> {
    await this.pool.query('INSERT INTO rollout_outcomes (run_id, change_id, arm, bad, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [runId, variant.change_id, variant.arm, bad ? 1 : 0, this.now().toISOString()]);
  }

  async tally(changeId: string): Promise<ArmTally> {
    return tallyOfRows((await this.pool.query<{ arm: string; runs: string; bad: string | null }>('SELECT arm, COUNT(*) AS runs, SUM(bad) AS bad FROM rollout_outcomes WHERE change_id = $1 GROUP BY arm', [changeId])).rows);
  }

  async events(tenant: string, options: { sinceId?: number; limit?: number } = {}): Promise<RolloutEvent[]> {
    const rows = (await this.pool.query<EventRow>('SELECT * FROM rollout_events WHERE tenant = $1 AND id > $2 ORDER BY id LIMIT $3', [tenant, options.sinceId ?? 0, options.limit ?? 200])).rows;
    return rows.map(eventOfRow);
  }
}
