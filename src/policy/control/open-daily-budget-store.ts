import { databaseLocation } from '../../storage/index.js';
import type { DailyBudgetStore } from './daily-budget-store.js';
import { SqliteDailyBudgetStore } from './sqlite-daily-budget-store.js';

/** The tenants' daily budget store at `location` (a SQLite path or a `postgres://` URL); throws StoreError when unusable. */
export async function openDailyBudgetStore(location: string, now?: () => Date): Promise<DailyBudgetStore> {
  const target = databaseLocation(location);
  // Loaded only when named, so a SQLite process never loads the PostgreSQL store or its driver.
  return target.kind === 'postgres' ? (await import('./postgres-daily-budget-store.js')).PostgresDailyBudgetStore.open(target.url, now) : SqliteDailyBudgetStore.open(target.path, now);
}
