import type { CompanionWrite } from '../../storage/index.js';

/** Operator switches as one run step sees them; read fresh before every step. */
export interface ControlSnapshot {
  /** Global or tenant kill switch: running runs stop with `operator_kill`. */
  killed: boolean;
  /** The tenant is switched off: `tenant_disabled`. */
  tenantDisabled: boolean;
  /** Writes refused (global or tenant). */
  readOnly: boolean;
  /** Tools switched off (global or tenant). */
  disabledTools: ReadonlySet<string>;
}

/** A switch an operator can flip; `scope` is `global` or a tenant id. */
export type ControlSwitch =
  | { kind: 'kill'; scope: string }
  | { kind: 'tenant_disabled'; scope: string }
  | { kind: 'read_only'; scope: string }
  | { kind: 'tool_disabled'; scope: string; tool: string };

/** Per-tenant per-day spend: what daily budgets are checked against. */
export interface TenantUsage {
  tokens: number;
  usd: number;
  runs: number;
}

export interface TenantDailyLimits {
  maxTokensPerDay?: number;
  maxUsdPerDay?: number;
}

/** Writes so far to the switches, the daily limits and the usage tables (ControlStore.revision). */
export interface ControlRevision {
  switches: number;
  limits: number;
  usage: number;
}

/** Who changed a switch and why, for the audit trail. */
export interface SwitchChange {
  by: string;
  reason?: string;
}

/**
 * Where switches, tenant budgets and usage live, so they change without a deploy and every process
 * sees the same values. The embedded default is SQLite (the same file as the domain).
 */
export interface ControlStore {
  snapshot(tenant: string): Promise<ControlSnapshot>;
  setSwitch(target: ControlSwitch, on: boolean, change: SwitchChange): Promise<void>;
  addUsage(tenant: string, day: string, usage: Partial<TenantUsage>): Promise<void>;
  usage(tenant: string, day: string): Promise<TenantUsage>;
  setDailyLimits(tenant: string, limits: TenantDailyLimits): Promise<void>;
  dailyLimits(tenant: string): Promise<TenantDailyLimits>;
  /**
   * Optional. How many times each kind of control value was written, by this process or another:
   * equal counts mean values of that kind read earlier are still current. Runs use it to read switches,
   * limits and usage once and again only after a change (cachedControlReads). One indexed read of a row
   * the control tables' own triggers keep (`control_revision`), so writes to other tables (a run's
   * record, checkpoints, the domain) do not look like changes. A store without it is read on every step.
   */
  revision?(): Promise<ControlRevision>;
  /**
   * Optional (PostgreSQL). addUsage as a write that can ride in another store's statement on the same
   * database (a run's usage commits with its record: one commit, issue 36); undefined when it cannot.
   */
  usageWrite?(tenant: string, day: string, usage: Partial<TenantUsage>): CompanionWrite | undefined;
  close(): Promise<void>;
}

export const GLOBAL_SCOPE = 'global';
