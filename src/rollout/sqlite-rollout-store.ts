import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { loadAuditKeyring } from '../domain/audit/audit-keyring.js';
import type { AuditKeyring } from '../domain/audit/audit-keyring.js';
import { SqliteAuditChain } from '../domain/audit/sqlite-audit-chain.js';
import { DOMAIN_MIGRATIONS } from '../domain/store/sqlite-domain-schema.js';
import { migrateComponent } from '../storage/sqlite/component-schema.js';
import type { Migration } from '../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../storage/index.js';
import type { RunVariant } from '../telemetry/index.js';
import type { ArmTally } from './rollback-rule.js';
import type { ChangeRow, EventRow } from './rollout-schema.js';
import { changeOfRow, eventOfRow, rolloutSchemaV1, tallyOfRows } from './rollout-schema.js';
import type { RolloutStage } from './rollout-stage.js';
import { DEFAULT_STAGE } from './rollout-stage.js';
import type { RolloutAction } from './rollout-chain-event.js';
import { endedAction, endPercent, historyDetail, rolloutChainEvent, startedAction } from './rollout-chain-event.js';
import type { NewChange, RolloutChange, RolloutEvent, RolloutStore } from './rollout-store.js';

/** Changelog: 1 — stages, changes, outcomes, events. */
const ROLLOUT_MIGRATIONS: readonly Migration[] = [(db) => db.exec(rolloutSchemaV1(SQLITE_DIALECT))];

/**
 * Rollout state in the embedded SQLite file. Each write, its line of history and its entry in the
 * boundary's keyed audit chain commit in one IMMEDIATE transaction (the chain's appends are serialised
 * by the file's write lock), so no change is in effect without its proof.
 */
export class SqliteRolloutStore extends SqliteStore implements RolloutStore {
  readonly #chain: SqliteAuditChain;

  constructor(db: Database.Database, now: (() => Date) | undefined, keyring: AuditKeyring) {
    super(db, now);
    this.#chain = new SqliteAuditChain(db, keyring);
  }

  /** `auditKeys`: default, the domain store's (the environment, else the key file beside the database). */
  static open(path: string, now?: () => Date, auditKeys?: AuditKeyring): SqliteRolloutStore {
    const db = openSqliteDatabase(path, 'rollout', ROLLOUT_MIGRATIONS);
    try {
      // The audit chain is the domain component's table: a rollout written first must find it.
      migrateComponent(db, path, 'domain', DOMAIN_MIGRATIONS);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteRolloutStore(db, now, auditKeys ?? loadAuditKeyring(path === ':memory:' ? {} : { defaultDir: dirname(resolve(path)) }));
  }

  #event(action: RolloutAction): void {
    const at = this.now().toISOString();
    this.db.prepare('INSERT INTO rollout_events (at, tenant, change_id, type, by_whom, detail) VALUES (?, ?, ?, ?, ?, ?)').run(at, action.tenant, action.changeId, action.type, action.by, JSON.stringify(historyDetail(action)));
    this.#chain.appendInTransaction(rolloutChainEvent(action, at));
  }

  async stage(tenant: string): Promise<RolloutStage> {
    const row = this.db.prepare('SELECT stage FROM rollout_stages WHERE tenant = ?').get(tenant) as { stage: RolloutStage } | undefined;
    return row?.stage ?? DEFAULT_STAGE;
  }

  async setStage(tenant: string, stage: RolloutStage, by: string, reason?: string): Promise<RolloutStage> {
    return this.db.transaction((): RolloutStage => {
      const row = this.db.prepare('SELECT stage FROM rollout_stages WHERE tenant = ?').get(tenant) as { stage: RolloutStage } | undefined;
      const previous = row?.stage ?? DEFAULT_STAGE;
      if (previous === stage && row) return previous;
      this.db
        .prepare('INSERT INTO rollout_stages (tenant, stage, changed_at, changed_by) VALUES (?, ?, ?, ?) ON CONFLICT (tenant) DO UPDATE SET stage = excluded.stage, changed_at = excluded.changed_at, changed_by = excluded.changed_by')
        .run(tenant, stage, this.now().toISOString(), by);
      if (previous !== stage) this.#event({ tenant, changeId: null, type: 'rollout.stage_changed', by, before: { stage: previous }, after: { stage }, detail: { ...(reason && { reason }) } });
      return previous;
    }).immediate();
  }

  async activeChange(tenant: string): Promise<RolloutChange | undefined> {
    const row = this.db.prepare("SELECT * FROM rollout_changes WHERE tenant = ? AND state = 'canary'").get(tenant) as ChangeRow | undefined;
    return row && changeOfRow(row);
  }

  async currentChange(tenant: string): Promise<RolloutChange | undefined> {
    const row = this.db.prepare("SELECT * FROM rollout_changes WHERE tenant = ? AND state IN ('canary', 'promoted') ORDER BY started_at DESC, rowid DESC LIMIT 1").get(tenant) as ChangeRow | undefined;
    return row && changeOfRow(row);
  }

  async getChange(id: string): Promise<RolloutChange | undefined> {
    const row = this.db.prepare('SELECT * FROM rollout_changes WHERE id = ?').get(id) as ChangeRow | undefined;
    return row && changeOfRow(row);
  }

  async listChanges(tenant: string, limit = 50): Promise<RolloutChange[]> {
    return (this.db.prepare('SELECT * FROM rollout_changes WHERE tenant = ? ORDER BY started_at DESC, rowid DESC LIMIT ?').all(tenant, limit) as ChangeRow[]).map(changeOfRow);
  }

  async startChange(change: NewChange): Promise<RolloutChange | undefined> {
    const id = change.id ?? `chg-${randomUUID()}`;
    const at = this.now().toISOString();
    const started = this.db.transaction(() => {
      const inserted = this.db
        .prepare(
          `INSERT INTO rollout_changes (id, tenant, kind, stable_version, candidate_version, percent, state, min_candidate_runs, margin, started_at, started_by)
           VALUES (?, ?, ?, ?, ?, ?, 'canary', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .run(id, change.tenant, change.kind, change.stableVersion, change.candidateVersion, change.percent, change.rule.minCandidateRuns, change.rule.margin, at, change.by);
      if (inserted.changes === 0) return false;
      this.#event(startedAction(id, change));
      return true;
    }).immediate();
    return started ? this.getChange(id) : undefined;
  }

  async setPercent(id: string, percent: number, by: string): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT tenant, percent FROM rollout_changes WHERE id = ? AND state = 'canary'").get(id) as { tenant: string; percent: number } | undefined;
      if (!row) return false;
      this.db.prepare('UPDATE rollout_changes SET percent = ? WHERE id = ?').run(percent, id);
      this.#event({ tenant: row.tenant, changeId: id, type: 'rollout.percent_changed', by, before: { percent: row.percent }, after: { percent }, detail: {} });
      return true;
    }).immediate();
  }

  async endChange(id: string, state: 'promoted' | 'rolled_back', by: string, detail: Record<string, unknown>): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT tenant, percent FROM rollout_changes WHERE id = ? AND state = 'canary'").get(id) as { tenant: string; percent: number } | undefined;
      if (!row) return false;
      const ended = this.db.prepare("UPDATE rollout_changes SET state = ?, percent = ?, ended_at = ? WHERE id = ? AND state = 'canary'").run(state, endPercent(state), this.now().toISOString(), id);
      if (ended.changes === 0) return false;
      this.#event(endedAction(row.tenant, id, state, by, row.percent, detail));
      return true;
    }).immediate();
  }

  async recordOutcome(variant: RunVariant, runId: string, bad: boolean): Promise<void> {
    this.db.prepare('INSERT INTO rollout_outcomes (run_id, change_id, arm, bad, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING').run(runId, variant.change_id, variant.arm, bad ? 1 : 0, this.now().toISOString());
  }

  async tally(changeId: string): Promise<ArmTally> {
    return tallyOfRows(this.db.prepare('SELECT arm, COUNT(*) AS runs, SUM(bad) AS bad FROM rollout_outcomes WHERE change_id = ? GROUP BY arm').all(changeId) as Array<{ arm: string; runs: number; bad: number }>);
  }

  async events(tenant: string, options: { sinceId?: number; limit?: number } = {}): Promise<RolloutEvent[]> {
    const rows = this.db.prepare('SELECT * FROM rollout_events WHERE tenant = ? AND id > ? ORDER BY id LIMIT ?').all(tenant, options.sinceId ?? 0, options.limit ?? 200) as EventRow[];
    return rows.map(eventOfRow);
  }
}
