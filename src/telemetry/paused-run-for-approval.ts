import type { RunRecord } from './run-record.js';
import type { RunStore } from './run-store.js';

/**
 * The paused (or decided) run whose pending call an approval id was filed for (of `tenant` when given), or
 * undefined when the approval was asked by an outside MCP client. Deciding such an approval resumes the
 * run, so whichever way a human decides (the run's id, its approval id, any screen) the run finishes.
 */
export async function pausedRunForApproval(runs: RunStore, approvalId: string, tenant?: string): Promise<RunRecord | undefined> {
  // A decided pause too: its decision may not have been applied yet (a killed `approve`), and deciding it again finishes it.
  for (const status of ['awaiting_approval', 'decided'] as const) {
    const { runs: paused } = await runs.listRuns({ status, limit: 500, ...(tenant !== undefined && { tenant }) });
    const found = paused.find((record) => record.pending?.approval_id === approvalId);
    if (found) return found;
  }
  return undefined;
}
