import type { ControlStore } from '../../policy/index.js';
import { addRunUsage, runUsageWrite } from '../../policy/index.js';
import type { CompanionWrite } from '../../storage/index.js';
import type { AuditEvent, RunRecord, RunStore } from '../../telemetry/index.js';
import type { HeldWrites } from './framework-port.js';
import type { RunLedger } from './run-ledger.js';

/**
 * Writes a finished run: its record, events and the end of its intent (one commit), the tenant's usage
 * of the day, and its daily budget's end (holds of calls that failed dropped; a tenant without a daily
 * limit charged here, once). When the run store is on the same database as the control and budget
 * stores, the usage and the budget's end ride with the record: in its statement on PostgreSQL, in its
 * transaction on the process's one connection to a SQLite file. One commit (one WAL flush, 3-7 ms on
 * PostgreSQL here) where there were three (issue 36), and none of them can be written without the
 * others. Otherwise (stores on different databases) each is its own commit, in that order.
 */
export async function saveFinishedRun(run: RunLedger, record: RunRecord, events: readonly AuditEvent[], deps: { runs: RunStore; controls: ControlStore; held?: HeldWrites | undefined }): Promise<void> {
  const budgetEnd = await run.budgetEnd();
  const budget = run.init.dailyBudget;
  const carried = (write: CompanionWrite | undefined): CompanionWrite | undefined => (write && deps.runs.carries?.(write) ? write : undefined);
  // The framework's checkpoint first, as it was written before: with the record, or just before it.
  const checkpoint = carried(deps.held?.write);
  if (deps.held && !checkpoint) await deps.held.flush();
  const usage = carried(runUsageWrite(deps.controls, record));
  const charge = budgetEnd && carried(budget?.endRunWrite?.(budgetEnd));
  // Fenced by the lease (a run with an intent): a process another took the run from writes nothing here.
  await deps.runs.saveFinishedRun(record, events, [checkpoint, usage, charge].filter((write) => write !== undefined), run.lease?.holder);
  if (!usage) await addRunUsage(deps.controls, record);
  if (budgetEnd && !charge) await budget?.endRun(budgetEnd);
}
