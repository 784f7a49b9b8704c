import type { DomainStore } from '../domain/index.js';
import type { RunRecord } from '../telemetry/index.js';

/** What `audit verify` found of the run records held against the domain (issue 32). */
export interface StoredRunsVerdict {
  /** Runs with an approval or an executed cancellation: the ones there is something to compare for. */
  checked: number;
  disagreeing: Array<{ run_id: string; tenant: string; thread_id: string; disagreements: string[] }>;
}

const PAGE = 500;

/**
 * Holds every stored run record that has an approval or an executed cancellation against the domain
 * with the same function recovery uses (reconcileRun), so a record that says "not done" while the
 * domain holds the refund, or the other way round, is a finding of `audit verify`.
 */
export async function reconcileStoredRuns(domain: DomainStore, location: string): Promise<StoredRunsVerdict> {
  const { openRunStore } = await import('../telemetry/index.js');
  const { executedCancel, reconcileRun } = await import('../runtimes/core/reconcile-run.js');
  const runs = await openRunStore(location);
  const verdict: StoredRunsVerdict = { checked: 0, disagreeing: [] };
  const seen = new Set<string>();
  try {
    let until: string | undefined;
    for (;;) {
      const page = (await runs.listRuns({ limit: PAGE, ...(until !== undefined && { until }) })).runs;
      const fresh = page.filter((record) => !seen.has(record.run_id));
      for (const record of fresh) {
        seen.add(record.run_id);
        if (!hasSomethingToReconcile(record, executedCancel)) continue;
        verdict.checked += 1;
        const result = await reconcileRun(domain, record);
        if (!result.agrees) verdict.disagreeing.push({ run_id: record.run_id, tenant: record.tenant, thread_id: record.thread_id, disagreements: result.disagreements });
      }
      // Pages go back in time by start; a page that brought nothing new is the end (or one instant holding more than a page).
      if (page.length < PAGE || fresh.length === 0) break;
      until = page.at(-1)?.started_at;
    }
  } finally {
    await runs.close();
  }
  return verdict;
}

function hasSomethingToReconcile(record: RunRecord, executed: (call: RunRecord['tool_calls'][number]) => boolean): boolean {
  return record.approval !== undefined || record.pending?.approval_id !== undefined || record.tool_calls.some(executed);
}
