import { randomUUID } from 'node:crypto';
import type { CompanionWrite, Migration } from '../../storage/index.js';
import { openSqliteDatabase, SQLITE_DIALECT, SqliteStore } from '../../storage/index.js';
import { admitModelCall } from './admit-model-call.js';
import type { DailyBudgetStore, DailyHeld, DailyHold, DailySpend, DayFigures, EndRunRequest, HoldRequest } from './daily-budget-store.js';
import { budgetSchemaV1, stateOfDay } from './daily-budget-store.js';
import type { CallAdmission } from './admit-model-call.js';

/** Changelog: 1 — tenants' days and holds of calls in flight. */
const BUDGET_MIGRATIONS: readonly Migration[] = [(db) => db.exec(budgetSchemaV1(SQLITE_DIALECT))];

const DAY_FIGURES = `
  SELECT COALESCE(d.tokens, 0) AS tokens, COALESCE(d.usd, 0) AS usd, COALESCE(d.calls, 0) AS calls,
         COALESCE(d.largest_tokens, 0) AS largest_tokens, COALESCE(d.largest_usd, 0) AS largest_usd,
         (SELECT COALESCE(SUM(tokens), 0) FROM budget_holds WHERE tenant = @tenant AND day = @day AND expires_at > @now) AS held_tokens,
         (SELECT COALESCE(SUM(usd), 0) FROM budget_holds WHERE tenant = @tenant AND day = @day AND expires_at > @now) AS held_usd,
         (SELECT COUNT(*) FROM budget_holds WHERE tenant = @tenant AND day = @day AND expires_at > @now) AS in_flight
  FROM (SELECT 1) LEFT JOIN budget_tenant_day d ON d.tenant = @tenant AND d.day = @day`;

/** Tenants' daily budgets in the embedded SQLite file; a hold is decided under the file's write lock. */
export class SqliteDailyBudgetStore extends SqliteStore implements DailyBudgetStore {
  static open(path: string, now?: () => Date): SqliteDailyBudgetStore {
    return new SqliteDailyBudgetStore(openSqliteDatabase(path, 'budget', BUDGET_MIGRATIONS), now);
  }

  async hold(request: HoldRequest): Promise<{ admission: CallAdmission; hold?: DailyHold }> {
    const now = this.now();
    // IMMEDIATE: the write lock is taken before the day is read, so no other process admits in between.
    return this.db.transaction(() => {
      const figures = this.db.prepare(DAY_FIGURES).get({ tenant: request.tenant, day: request.day, now: now.toISOString() }) as DayFigures;
      const state = stateOfDay(figures);
      const admission = admitModelCall(state, { maxTokens: request.limits.maxTokensPerDay, maxUsd: request.limits.maxUsdPerDay });
      if (admission.kind !== 'admit') return { admission };
      const hold = { id: `hold-${randomUUID()}`, tokens: state.estimate?.tokens ?? 0, usd: state.estimate?.usd ?? 0 };
      this.db
        .prepare('INSERT INTO budget_holds (id, tenant, day, run_id, tokens, usd, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(hold.id, request.tenant, request.day, request.runId, hold.tokens, hold.usd, new Date(now.getTime() + request.ttlMs).toISOString());
      return { admission, hold };
    }).immediate();
  }

  async charge(holdId: string, spent: { tokens: number; usd: number }): Promise<boolean> {
    return this.db.transaction(() => {
      const held = this.db.prepare('DELETE FROM budget_holds WHERE id = ? RETURNING tenant, day').get(holdId) as { tenant: string; day: string } | undefined;
      if (!held) return false;
      this.db
        .prepare(
          `INSERT INTO budget_tenant_day (tenant, day, tokens, usd, calls, largest_tokens, largest_usd) VALUES (@tenant, @day, @tokens, @usd, 1, @tokens, @usd)
           ON CONFLICT (tenant, day) DO UPDATE SET tokens = tokens + @tokens, usd = usd + @usd, calls = calls + 1,
             largest_tokens = MAX(largest_tokens, @tokens), largest_usd = MAX(largest_usd, @usd)`,
        )
        .run({ tenant: held.tenant, day: held.day, tokens: spent.tokens, usd: spent.usd });
      return true;
    }).immediate();
  }

  async endRun(request: EndRunRequest): Promise<void> {
    this.db.transaction(() => this.#endRun(request)).immediate();
  }

  /** endRun inside another store's transaction on this file (a run's record: saveFinishedRun), or undefined once this store is closed. */
  endRunWrite(request: EndRunRequest): CompanionWrite | undefined {
    return this.db.open ? this.companionWrite(() => this.#endRun(request)) : undefined;
  }

  #endRun(request: EndRunRequest): void {
    if (request.dropHolds !== false) this.db.prepare('DELETE FROM budget_holds WHERE run_id = ?').run(request.runId);
    if (request.uncharged.tokens === 0 && request.uncharged.usd === 0) return;
    this.db
      .prepare(
        `INSERT INTO budget_tenant_day (tenant, day, tokens, usd) VALUES (@tenant, @day, @tokens, @usd)
         ON CONFLICT (tenant, day) DO UPDATE SET tokens = tokens + @tokens, usd = usd + @usd`,
      )
      .run({ tenant: request.tenant, day: request.day, tokens: request.uncharged.tokens, usd: request.uncharged.usd });
  }

  async spend(tenant: string, day: string): Promise<DailySpend> {
    const row = this.db.prepare('SELECT tokens, usd, calls FROM budget_tenant_day WHERE tenant = ? AND day = ?').get(tenant, day) as DailySpend | undefined;
    return row ?? { tokens: 0, usd: 0, calls: 0 };
  }

  async held(tenant: string, day: string): Promise<DailyHeld> {
    return this.db
      .prepare('SELECT COALESCE(SUM(tokens), 0) AS tokens, COALESCE(SUM(usd), 0) AS usd, COUNT(*) AS calls FROM budget_holds WHERE tenant = ? AND day = ? AND expires_at > ?')
      .get(tenant, day, this.now().toISOString()) as DailyHeld;
  }
}
