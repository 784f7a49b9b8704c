import { randomUUID } from 'node:crypto';
import type { CompanionWrite, PostgresMigration } from '../../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, withTransaction } from '../../storage/index.js';
import type { CallAdmission } from './admit-model-call.js';
import { admitModelCall } from './admit-model-call.js';
import type { DailyBudgetStore, DailyHeld, DailyHold, DailySpend, DayFigures, EndRunRequest, HoldRequest } from './daily-budget-store.js';
import { budgetSchemaV1, stateOfDay } from './daily-budget-store.js';

/** The same version and tables as SQLite's `budget` component. */
const BUDGET_MIGRATIONS: readonly PostgresMigration[] = [budgetSchemaV1(POSTGRES_DIALECT)];

const HELD = `SELECT COALESCE(SUM(tokens), 0)::float8 AS held_tokens, COALESCE(SUM(usd), 0)::float8 AS held_usd, COUNT(*)::int AS in_flight
  FROM budget_holds WHERE tenant = $1 AND day = $2 AND expires_at > $3`;

/**
 * Tenants' daily budgets in PostgreSQL, shared by every server and worker. A hold is decided with the
 * tenant's day row locked (by an upsert), so admissions of one tenant's day are serialised across
 * machines while other tenants' go on in parallel.
 */
export class PostgresDailyBudgetStore extends PostgresStore implements DailyBudgetStore {
  /** Connects to `url` and migrates the `budget` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresDailyBudgetStore> {
    return new PostgresDailyBudgetStore(await openPostgresPool(url, 'budget', BUDGET_MIGRATIONS), now);
  }

  async hold(request: HoldRequest): Promise<{ admission: CallAdmission; hold?: DailyHold }> {
    const now = this.now();
    return withTransaction(this.pool, async (client) => {
      // One statement creates the day's row if need be and locks it (both paths of an upsert do), returning its latest figures.
      const day = (await client.query<Omit<DayFigures, 'held_tokens' | 'held_usd' | 'in_flight'>>(
        `INSERT INTO budget_tenant_day AS d (tenant, day) VALUES ($1, $2) ON CONFLICT (tenant, day) DO UPDATE SET tokens = d.tokens
         RETURNING tokens::float8 AS tokens, usd, calls::float8 AS calls, largest_tokens::float8 AS largest_tokens, largest_usd`,
        [request.tenant, request.day],
      )).rows[0];
      // A statement of its own, so it reads the holds committed by whoever held the lock before.
      const held = (await client.query<Pick<DayFigures, 'held_tokens' | 'held_usd' | 'in_flight'>>(HELD, [request.tenant, request.day, now.toISOString()])).rows[0];
      if (!day || !held) throw new Error('the upsert of budget_tenant_day returned no row');
      const state = stateOfDay({ ...day, ...held });
      const admission = admitModelCall(state, { maxTokens: request.limits.maxTokensPerDay, maxUsd: request.limits.maxUsdPerDay });
      if (admission.kind !== 'admit') return { admission };
      const hold = { id: `hold-${randomUUID()}`, tokens: state.estimate?.tokens ?? 0, usd: state.estimate?.usd ?? 0 };
      await client.query('INSERT INTO budget_holds (id, tenant, day, run_id, tokens, usd, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        hold.id, request.tenant, request.day, request.runId, hold.tokens, hold.usd, new Date(now.getTime() + request.ttlMs).toISOString(),
      ]);
      return { admission, hold };
    });
  }

  async charge(holdId: string, spent: { tokens: number; usd: number }): Promise<boolean> {
    return withTransaction(this.pool, async (client) => {
      const held = (await client.query<{ tenant: string; day: string }>('DELETE FROM budget_holds WHERE id = $1 RETURNING tenant, day', [holdId])).rows[0];
      if (!held) return false;
      await client.query(
        `INSERT INTO budget_tenant_day AS d (tenant, day, tokens, usd, calls, largest_tokens, largest_usd) VALUES ($1, $2, $3, $4, 1, $3, $4)
         ON CONFLICT (tenant, day) DO UPDATE SET tokens = d.tokens + excluded.tokens, usd = d.usd + excluded.usd, calls = d.calls + 1,
           largest_tokens = GREATEST(d.largest_tokens, excluded.largest_tokens), largest_usd = GREATEST(d.largest_usd, excluded.largest_usd)`,
        [held.tenant, held.day, spent.tokens, spent.usd],
      );
      return true;
    });
  }

  async endRun(request: EndRunRequest): Promise<void> {
    const dropHolds = request.dropHolds !== false;
    if (request.uncharged.tokens === 0 && request.uncharged.usd === 0) {
      if (dropHolds) await this.pool.query('DELETE FROM budget_holds WHERE run_id = $1', [request.runId]);
      return;
    }
    const values = [request.tenant, request.day, request.uncharged.tokens, request.uncharged.usd];
    // One statement (a DELETE in WITH runs whether or not it is read), so it is atomic without
    // BEGIN and COMMIT: one round trip a run instead of three (issue 36).
    if (dropHolds) await this.pool.query(`WITH dropped AS (DELETE FROM budget_holds WHERE run_id = $5) ${chargeSql(1)}`, [...values, request.runId]);
    else await this.pool.query(chargeSql(1), values);
  }

  endRunWrite(request: EndRunRequest): CompanionWrite | undefined {
    const dropHolds = request.dropHolds !== false;
    const uncharged = request.uncharged.tokens !== 0 || request.uncharged.usd !== 0;
    if (!uncharged) return dropHolds ? this.companionWrite((n) => [`DELETE FROM budget_holds WHERE run_id = $${n}`], [request.runId]) : undefined;
    const values = [request.tenant, request.day, request.uncharged.tokens, request.uncharged.usd];
    if (!dropHolds) return this.companionWrite((n) => [chargeSql(n)], values);
    return this.companionWrite((n) => [chargeSql(n), `DELETE FROM budget_holds WHERE run_id = $${n + 4}`], [...values, request.runId]);
  }

  async spend(tenant: string, day: string): Promise<DailySpend> {
    const row = (await this.pool.query<DailySpend>('SELECT tokens::float8 AS tokens, usd, calls::float8 AS calls FROM budget_tenant_day WHERE tenant = $1 AND day = $2', [tenant, day])).rows[0];
    return row ?? { tokens: 0, usd: 0, calls: 0 };
  }

  async held(tenant: string, day: string): Promise<DailyHeld> {
    const row = (await this.pool.query<{ held_tokens: number; held_usd: number; in_flight: number }>(HELD, [tenant, day, this.now().toISOString()])).rows[0];
    return { tokens: Number(row?.held_tokens ?? 0), usd: Number(row?.held_usd ?? 0), calls: Number(row?.in_flight ?? 0) };
  }
}

const chargeSql = (n: number): string => `INSERT INTO budget_tenant_day AS d (tenant, day, tokens, usd) VALUES ($${n}, $${n + 1}, $${n + 2}, $${n + 3})
      ON CONFLICT (tenant, day) DO UPDATE SET tokens = d.tokens + excluded.tokens, usd = d.usd + excluded.usd`;
