import type { RunStore } from '../../telemetry/index.js';

/**
 * The other threads of `tenant` whose latest run is paused on `approvalId`. Two threads that ask for the
 * same cancellation wait on one approval request (the server files it once per tenant, tool and
 * arguments), so a decision applied to one of them is the decision of all of them.
 */
export async function threadsSharingApproval(runs: Pick<RunStore, 'listRuns' | 'latestRunForThread'>, tenant: string, approvalId: string, threadId: string): Promise<string[]> {
  const { runs: paused } = await runs.listRuns({ tenant, status: 'awaiting_approval', limit: 500 });
  const threads: string[] = [];
  for (const record of paused) {
    if (record.pending?.approval_id !== approvalId || record.thread_id === threadId || threads.includes(record.thread_id)) continue;
    if ((await runs.latestRunForThread(record.thread_id))?.run_id === record.run_id) threads.push(record.thread_id);
  }
  return threads;
}
