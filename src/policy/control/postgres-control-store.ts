import type { CompanionWrite, PostgresMigration } from '../../storage/index.js';
import { openPostgresPool, POSTGRES_DIALECT, PostgresStore, StoreError } from '../../storage/index.js';
import { controlRevisionPostgres, controlSchemaV1, switchName } from './control-schema.js';
import type { ControlRevision, ControlSnapshot, ControlStore, ControlSwitch, SwitchChange, TenantDailyLimits, TenantUsage } from './control-store.js';
import { GLOBAL_SCOPE } from './control-store.js';

/** The same versions and tables as SQLite's `control` component (1 — switches, limits, usage; 2 — `control_revision`). */
const POSTGRES_CONTROL_MIGRATIONS: readonly PostgresMigration[] = [controlSchemaV1(POSTGRES_DIALECT), controlRevisionPostgres()];

/**
 * Control state in PostgreSQL, seen by every process on every machine. Usage is added with one
 * upsert (`tokens = tokens + ...`), so concurrent runs never lose each other's spend.
 */
export class PostgresControlStore extends PostgresStore implements ControlStore {
  /** Connects to `url` and migrates the `control` component; throws StoreError. */
  static async open(url: string, now?: () => Date): Promise<PostgresControlStore> {
    return new PostgresControlStore(await openPostgresPool(url, 'control', POSTGRES_CONTROL_MIGRATIONS), now);
  }

  // The reads a run (and the MCP boundary, on every call) sends are named: each connection parses and plans them once.
  async snapshot(tenant: string): Promise<ControlSnapshot> {
    const rows = (await this.pool.query<{ name: string }>({ name: 'waybill-control-switches', text: 'SELECT name FROM control_switches WHERE scope IN ($1, $2)', values: [GLOBAL_SCOPE, tenant] })).rows;
    const names = new Set(rows.map((r) => r.name));
    const disabledTools = new Set([...names].filter((n) => n.startsWith('tool_disabled:')).map((n) => n.slice('tool_disabled:'.length)));
    return { killed: names.has('kill'), tenantDisabled: names.has('tenant_disabled'), readOnly: names.has('read_only'), disabledTools };
  }

  /** One round trip: the counts the control tables' triggers keep (bigint read as float8, exact below 2^53). */
  async revision(): Promise<ControlRevision> {
    const row = (await this.pool.query<ControlRevision>({ name: 'control_revision', text: 'SELECT switches::float8 AS switches, limits::float8 AS limits, usage::float8 AS usage FROM control_revision WHERE id = 1' })).rows[0];
    if (!row) throw new StoreError('store_corrupt', 'control_revision', 'control_revision has no row: the control tables were changed by hand; restore the row (id 1) or migrate a fresh schema');
    return row;
  }

  async setSwitch(target: ControlSwitch, on: boolean, change: SwitchChange): Promise<void> {
    if (on) {
      await this.pool.query('INSERT INTO control_switches (scope, name, on_since, changed_by, reason) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
        target.scope, switchName(target), this.now().toISOString(), change.by, change.reason ?? null,
      ]);
    } else {
      await this.pool.query('DELETE FROM control_switches WHERE scope = $1 AND name = $2', [target.scope, switchName(target)]);
    }
  }

  async addUsage(tenant: string, day: string, usage: Partial<TenantUsage>): Promise<void> {
    await this.pool.query(addUsageSql(1), usageValues(tenant, day, usage));
  }

  usageWrite(tenant: string, day: string, usage: Partial<TenantUsage>): CompanionWrite | undefined {
    // A WITH clause fires the table's statement trigger as a statement of its own would, so the control revision still counts it.
    return this.companionWrite((n) => [addUsageSql(n)], usageValues(tenant, day, usage));
  }

  async usage(tenant: string, day: string): Promise<TenantUsage> {
    const row = (await this.pool.query<TenantUsage>({ name: 'waybill-control-usage', text: 'SELECT tokens::float8 AS tokens, usd, runs FROM control_tenant_usage WHERE tenant = $1 AND day = $2', values: [tenant, day] })).rows[0];
    return row ?? { tokens: 0, usd: 0, runs: 0 };
  }

  async setDailyLimits(tenant: string, limits: TenantDailyLimits): Promise<void> {
    await this.pool.query(
      `INSERT INTO control_tenant_limits (tenant, max_tokens_per_day, max_usd_per_day) VALUES ($1, $2, $3)
       ON CONFLICT (tenant) DO UPDATE SET max_tokens_per_day = excluded.max_tokens_per_day, max_usd_per_day = excluded.max_usd_per_day`,
      [tenant, limits.maxTokensPerDay ?? null, limits.maxUsdPerDay ?? null],
    );
  }

  async dailyLimits(tenant: string): Promise<TenantDailyLimits> {
    const row = (await this.pool.query<{ t: number | null; u: number | null }>({ name: 'waybill-control-limits', text: 'SELECT max_tokens_per_day::float8 AS t, max_usd_per_day AS u FROM control_tenant_limits WHERE tenant = $1', values: [tenant] })).rows[0];
    return { ...(row?.t != null && { maxTokensPerDay: row.t }), ...(row?.u != null && { maxUsdPerDay: row.u }) };
  }
}

const addUsageSql = (n: number): string => `INSERT INTO control_tenant_usage AS u (tenant, day, tokens, usd, runs) VALUES ($${n}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4})
       ON CONFLICT (tenant, day) DO UPDATE SET tokens = u.tokens + excluded.tokens, usd = u.usd + excluded.usd, runs = u.runs + excluded.runs`;

const usageValues = (tenant: string, day: string, usage: Partial<TenantUsage>): unknown[] => [tenant, day, usage.tokens ?? 0, usage.usd ?? 0, usage.runs ?? 0];
