import { databaseLocation } from '../../storage/index.js';
import type { DailyBudgetStore } from './daily-budget-store.js';
import { PostgresDailyBudgetStore } from './postgres-daily-budget-store.js';
import { SqliteDailyBudgetStore } from './sqlite-daily-budget-store.js';

/** The tenants' daily budget store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openDailyBudgetStore(location: string, now?: () => Date): Promise<DailyBudgetStore> {
  const target = databaseLocation(location);
  return target.kind === 'postgres' ? PostgresDailyBudgetStore.open(target.url, now) : SqliteDailyBudgetStore.open(target.path, now);
}
