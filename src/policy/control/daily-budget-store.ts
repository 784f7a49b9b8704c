import type { CompanionWrite, SqlDialect } from '../../storage/index.js';
import type { CallAdmission } from './admit-model-call.js';
import type { TenantDailyLimits } from './control-store.js';

/** One model call's hold on a tenant's day: its id, and what it holds until it is answered. */
export interface DailyHold {
  id: string;
  tokens: number;
  usd: number;
}

/** A tenant's day as the budget counts it, call by call. */
export interface DailySpend {
  tokens: number;
  usd: number;
  /** Calls answered and charged one by one (runs of a tenant with no limit are charged whole at their end). */
  calls: number;
}

/** Model calls of a tenant's day in flight: what their holds keep back from the budget until answered. */
export interface DailyHeld {
  tokens: number;
  usd: number;
  calls: number;
}

export interface EndRunRequest {
  runId: string;
  tenant: string;
  /** The day the run started: where spend not charged call by call goes. */
  day: string;
  uncharged: { tokens: number; usd: number };
  /** False when the run never held part of the day: nothing to drop. Default true. */
  dropHolds?: boolean;
}

export interface HoldRequest {
  tenant: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  runId: string;
  limits: TenantDailyLimits;
  /** How long a hold counts if its call is never answered (its process died). */
  ttlMs: number;
}

/**
 * Tenants' daily token and cost budgets, charged per model call across every process (issue 37). A
 * call is admitted and its hold written in one transaction (admitModelCall on the tenant's day, its
 * calls in flight and its largest call so far), so N concurrent runs of a tenant, on any number of
 * workers, pass its daily limit by at most one call. SQLite and PostgreSQL implement it, in the
 * `budget` component beside the control store's tables.
 */
export interface DailyBudgetStore {
  /** Admits one call and writes its hold, or says to wait or stop; nothing is written unless admitted. */
  hold(request: HoldRequest): Promise<{ admission: CallAdmission; hold?: DailyHold }>;
  /** The call was answered: its hold is replaced by what it cost. A hold already gone (expired, settled) charges nothing. */
  charge(holdId: string, spent: { tokens: number; usd: number }): Promise<boolean>;
  /** The run ended: its holds left (calls that failed) are dropped, when it took any, and `uncharged` is added to the day. */
  endRun(request: EndRunRequest): Promise<void>;
  /**
   * Optional (PostgreSQL). endRun as a write that can ride in another store's statement on the same
   * database (with the run's record: one commit, issue 36); undefined when there is nothing to write or it cannot.
   */
  endRunWrite?(request: EndRunRequest): CompanionWrite | undefined;
  /** What the day's answered calls (and ended runs of a tenant without a limit) were charged: what a limit is compared with. */
  spend(tenant: string, day: string): Promise<DailySpend>;
  /** What the day's calls in flight hold (admitted, not yet answered, not lapsed), which admission counts beside `spend`. */
  held(tenant: string, day: string): Promise<DailyHeld>;
  close(): Promise<void>;
}

/** The `budget` component's tables, version 1: each tenant's day, and holds of calls in flight. */
export const budgetSchemaV1 = (d: SqlDialect): string => `
      CREATE TABLE budget_tenant_day (
        tenant TEXT NOT NULL, day TEXT NOT NULL,
        tokens ${d.bigint} NOT NULL DEFAULT 0, usd ${d.double} NOT NULL DEFAULT 0, calls ${d.bigint} NOT NULL DEFAULT 0,
        largest_tokens ${d.bigint} NOT NULL DEFAULT 0, largest_usd ${d.double} NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant, day)
      );
      CREATE TABLE budget_holds (
        id TEXT PRIMARY KEY, tenant TEXT NOT NULL, day TEXT NOT NULL, run_id TEXT NOT NULL,
        tokens ${d.bigint} NOT NULL, usd ${d.double} NOT NULL, expires_at TEXT NOT NULL
      );
      CREATE INDEX budget_holds_by_day ON budget_holds (tenant, day);
      CREATE INDEX budget_holds_by_run ON budget_holds (run_id);
    `;

/** The day's figures a hold is decided on, as both backends read them. */
export interface DayFigures {
  tokens: number;
  usd: number;
  calls: number;
  largest_tokens: number;
  largest_usd: number;
  held_tokens: number;
  held_usd: number;
  in_flight: number;
}

/** The state admitModelCall sees, from a day's figures. */
export const stateOfDay = (f: DayFigures) => ({
  spentTokens: Number(f.tokens), spentUsd: Number(f.usd), reservedTokens: Number(f.held_tokens), reservedUsd: Number(f.held_usd), inFlight: Number(f.in_flight),
  estimate: Number(f.calls) > 0 ? { tokens: Number(f.largest_tokens), usd: Number(f.largest_usd) } : undefined,
});
