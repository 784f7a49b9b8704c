import type { StopReason } from '../stop-reason.js';
import type { ControlSnapshot, ControlStore } from './control-store.js';
import type { RunBudget } from './run-budget.js';

export interface StepGateOptions {
  tenant: string;
  controls: ControlStore;
  budget: RunBudget;
  /** Day key for tenant budgets (YYYY-MM-DD, UTC by default). */
  day?: () => string;
}

export type StepDecision = { proceed: true; controls: ControlSnapshot } | { proceed: false; stopReason: StopReason };

const utcDay = (): string => new Date().toISOString().slice(0, 10);

/**
 * Runs before every step of every run: kill switch, tenant switch, the run's own budget and the tenant's
 * daily budget, read fresh from the store each time, so an operator's change lands on the next step of
 * a running run without a restart.
 */
export async function checkBeforeStep(options: StepGateOptions): Promise<StepDecision> {
  const { tenant, controls, budget, day = utcDay } = options;
  const snapshot = await controls.snapshot(tenant);
  if (snapshot.killed) return { proceed: false, stopReason: 'operator_kill' };
  if (snapshot.tenantDisabled) return { proceed: false, stopReason: 'tenant_disabled' };
  const own = budget.check();
  if (own) return { proceed: false, stopReason: own };
  const limits = await controls.dailyLimits(tenant);
  // A tenant without a daily limit has no usage to compare: the usage row is not read.
  if (limits.maxTokensPerDay === undefined && limits.maxUsdPerDay === undefined) return { proceed: true, controls: snapshot };
  const usage = await controls.usage(tenant, day());
  if (limits.maxTokensPerDay !== undefined && usage.tokens >= limits.maxTokensPerDay) return { proceed: false, stopReason: 'max_tokens' };
  if (limits.maxUsdPerDay !== undefined && usage.usd >= limits.maxUsdPerDay) return { proceed: false, stopReason: 'max_usd' };
  return { proceed: true, controls: snapshot };
}
