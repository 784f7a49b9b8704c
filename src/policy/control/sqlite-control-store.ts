import type { CompanionWrite, Migration } from '../../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../../storage/index.js';
import { controlRevisionSqlite, controlSchemaV1, switchName } from './control-schema.js';
import type { ControlRevision, ControlSnapshot, ControlStore, ControlSwitch, SwitchChange, TenantDailyLimits, TenantUsage } from './control-store.js';
import { GLOBAL_SCOPE } from './control-store.js';

/** Changelog: 1 — switches, tenant daily limits, tenant daily usage; 2 — `control_revision`, kept by triggers. */
const CONTROL_MIGRATIONS: readonly Migration[] = [(db) => db.exec(controlSchemaV1(SQLITE_DIALECT)), (db) => db.exec(controlRevisionSqlite())];

/** Control state in the embedded SQLite file; a row exists while a switch is on. */
export class SqliteControlStore extends SqliteStore implements ControlStore {
  static open(path: string, now?: () => Date): SqliteControlStore {
    return new SqliteControlStore(openSqliteDatabase(path, 'control', CONTROL_MIGRATIONS), now);
  }

  async snapshot(tenant: string): Promise<ControlSnapshot> {
    const rows = this.db.prepare('SELECT name FROM control_switches WHERE scope IN (?, ?)').all(GLOBAL_SCOPE, tenant) as Array<{ name: string }>;
    const names = new Set(rows.map((r) => r.name));
    const disabledTools = new Set([...names].filter((n) => n.startsWith('tool_disabled:')).map((n) => n.slice('tool_disabled:'.length)));
    return { killed: names.has('kill'), tenantDisabled: names.has('tenant_disabled'), readOnly: names.has('read_only'), disabledTools };
  }

  async revision(): Promise<ControlRevision> {
    return this.db.prepare('SELECT switches, limits, usage FROM control_revision WHERE id = 1').get() as ControlRevision;
  }

  async setSwitch(target: ControlSwitch, on: boolean, change: SwitchChange): Promise<void> {
    if (on) {
      this.db
        .prepare('INSERT OR IGNORE INTO control_switches (scope, name, on_since, changed_by, reason) VALUES (?, ?, ?, ?, ?)')
        .run(target.scope, switchName(target), this.now().toISOString(), change.by, change.reason ?? null);
    } else {
      this.db.prepare('DELETE FROM control_switches WHERE scope = ? AND name = ?').run(target.scope, switchName(target));
    }
  }

  async addUsage(tenant: string, day: string, usage: Partial<TenantUsage>): Promise<void> {
    this.#addUsage(tenant, day, usage);
  }

  /** addUsage inside another store's transaction on this file (a run's record: saveFinishedRun), or undefined once this store is closed. */
  usageWrite(tenant: string, day: string, usage: Partial<TenantUsage>): CompanionWrite | undefined {
    return this.db.open ? this.companionWrite(() => this.#addUsage(tenant, day, usage)) : undefined;
  }

  #addUsage(tenant: string, day: string, usage: Partial<TenantUsage>): void {
    this.db
      .prepare(
        `INSERT INTO control_tenant_usage (tenant, day, tokens, usd, runs) VALUES (@tenant, @day, @tokens, @usd, @runs)
         ON CONFLICT (tenant, day) DO UPDATE SET tokens = tokens + @tokens, usd = usd + @usd, runs = runs + @runs`,
      )
      .run({ tenant, day, tokens: usage.tokens ?? 0, usd: usage.usd ?? 0, runs: usage.runs ?? 0 });
  }

  async usage(tenant: string, day: string): Promise<TenantUsage> {
    const row = this.db.prepare('SELECT tokens, usd, runs FROM control_tenant_usage WHERE tenant = ? AND day = ?').get(tenant, day) as TenantUsage | undefined;
    return row ?? { tokens: 0, usd: 0, runs: 0 };
  }

  async setDailyLimits(tenant: string, limits: TenantDailyLimits): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO control_tenant_limits (tenant, max_tokens_per_day, max_usd_per_day) VALUES (?, ?, ?)
         ON CONFLICT (tenant) DO UPDATE SET max_tokens_per_day = excluded.max_tokens_per_day, max_usd_per_day = excluded.max_usd_per_day`,
      )
      .run(tenant, limits.maxTokensPerDay ?? null, limits.maxUsdPerDay ?? null);
  }

  async dailyLimits(tenant: string): Promise<TenantDailyLimits> {
    const row = this.db.prepare('SELECT max_tokens_per_day AS t, max_usd_per_day AS u FROM control_tenant_limits WHERE tenant = ?').get(tenant) as
      | { t: number | null; u: number | null }
      | undefined;
    return { ...(row?.t != null && { maxTokensPerDay: row.t }), ...(row?.u != null && { maxUsdPerDay: row.u }) };
  }
}
