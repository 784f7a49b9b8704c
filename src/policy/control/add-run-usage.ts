import type { CompanionWrite } from '../../storage/index.js';
import type { ControlStore, TenantUsage } from './control-store.js';

/** What the tenant's daily usage needs of a finished run (a run record has these fields). */
export interface FinishedRunUsage {
  tenant: string;
  /** An ISO instant; its UTC date is the day the run counts towards. */
  started_at: string;
  usage: { prompt_tokens: number; completion_tokens: number; usd: number };
}

/** Adds one finished run to its tenant's usage of the day, which the step gate compares with the daily budget. */
export async function addRunUsage(controls: ControlStore, run: FinishedRunUsage): Promise<void> {
  await controls.addUsage(...runUsageOf(run));
}

/**
 * addRunUsage as a write to ride with the run's record in one statement (ControlStore.usageWrite), or
 * undefined when the store cannot make one: then call addRunUsage.
 */
export function runUsageWrite(controls: ControlStore, run: FinishedRunUsage): CompanionWrite | undefined {
  return controls.usageWrite?.(...runUsageOf(run));
}

const runUsageOf = (run: FinishedRunUsage): [string, string, Partial<TenantUsage>] => [
  run.tenant, run.started_at.slice(0, 10), { tokens: run.usage.prompt_tokens + run.usage.completion_tokens, usd: run.usage.usd, runs: 1 },
];
