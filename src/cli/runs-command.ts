import { Command } from 'commander';
import { isStopReason } from '../policy/stop-reason.js';
import type { RunFilter, RunStatus } from '../telemetry/index.js';
import { RUN_STATUSES } from '../telemetry/run-statuses.js';
import { cliIdentity, listingTenant } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

interface RunsOptions {
  requestId?: string;
  status?: string;
  stopReason?: string;
  tenant?: string;
  since?: string;
  limit: string;
  json?: boolean;
}

/** `waybill runs`: recent runs from the run store, newest first, for operators without the console. */
export function runsCommand(): Command {
  return new Command('runs')
    .description('list recent runs, newest first (the acting tenant\'s; every tenant for platform_admin)')
    .option('--request-id <id>', 'only runs of this request id (X-Request-Id of the HTTP call)')
    .option('--status <status>', `only runs with this status: ${RUN_STATUSES.join(', ')}`)
    .option('--stop-reason <reason>', 'only runs with this stop reason, e.g. operator_kill or policy_deny:cancel_shipment')
    .option('--tenant <tenant>', 'only runs of this tenant')
    .option('--since <instant>', 'only runs started at or after this ISO instant, e.g. 2026-11-30T00:00:00Z')
    .option('--limit <n>', 'at most this many runs (1-500)', '50')
    .option('--json', 'print {runs: [run record…], skipped} as JSON')
    .action(async (options: RunsOptions) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError(`--limit must be a whole number from 1 to 500, got ${JSON.stringify(options.limit)}`);
      if (options.status !== undefined && !(RUN_STATUSES as readonly string[]).includes(options.status)) throw new UsageError(`--status must be one of ${RUN_STATUSES.join(', ')}`);
      if (options.stopReason !== undefined && !isStopReason(options.stopReason)) throw new UsageError(`--stop-reason: "${options.stopReason}" is not a stop reason`);
      const tenant = listingTenant(cliIdentity(), options.tenant, 'list runs');
      const filter: RunFilter = {
        limit,
        ...(options.requestId && { requestId: options.requestId }),
        ...(options.status && { status: options.status as RunStatus }),
        ...(options.stopReason && isStopReason(options.stopReason) && { stopReason: options.stopReason }),
        ...(tenant !== undefined && { tenant }),
        ...(options.since && { since: options.since }),
      };
      // Loaded on demand: zod and SQLite are not needed for --help.
      const { openRunStore, RunStoreError } = await import('../telemetry/index.js');
      const store = await openRunStore(databasePath());
      try {
        const listing = await store.listRuns(filter).catch((error: unknown) => {
          if (RunStoreError.isInstance(error) && error.code === 'invalid_argument') throw new UsageError(error.message);
          throw error;
        });
        if (options.json) {
          console.log(JSON.stringify({ runs: listing.runs, skipped: listing.skipped }, null, 2));
          return;
        }
        if (listing.runs.length === 0) console.log('no runs match');
        for (const r of listing.runs) {
          const tools = r.tool_calls.map((c) => `${c.tool}(${c.status})`).join(',') || '-';
          console.log(`${r.started_at}  ${r.run_id}  ${r.tenant}  ${r.status}:${r.stop_reason}  req ${r.request_id}  thread ${r.thread_id}  tools ${tools}  $${r.usage.usd.toFixed(6)}  ${r.duration_ms} ms`);
        }
        if (listing.skipped > 0) console.error(`${listing.skipped} stored run(s) could not be read: ${listing.skippedRunIds.join(', ')}`);
      } finally {
        await store.close();
      }
    });
}
