import { Command } from 'commander';
import { isPostgresUrl, redactLocation } from '../storage/database-location.js';
import { parseRuntimeName } from '../runtimes/runtime-name.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

interface WorkerOptions {
  db?: string;
  concurrency: string;
  tenantConcurrency: string;
  runtime: string;
}

function wholeNumber(flag: string, text: string, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < 1 || value > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got ${JSON.stringify(text)}`);
  return value;
}

/** `waybill worker`: takes runs and resumes from the PostgreSQL run queue and runs them until SIGTERM. */
export function workerCommand(): Command {
  return new Command('worker')
    .description('take runs and approval resumes from the run queue on PostgreSQL and run them (docs/queue.md)')
    .option('--db <postgres://...>', 'the PostgreSQL database (default: WAYBILL_DB); the queue lives in schema pgboss (<schema>_pgboss with a search_path)')
    .option('--concurrency <n>', 'jobs this process runs at once; one process per machine is enough (a run mostly waits on the model), and 4 is the default per-tenant limit', '4')
    .option('--tenant-concurrency <n>', 'runs at once per tenant across all workers (kept in the database)', '4')
    .option('--runtime <name>', 'which runtime\'s queue to take jobs from and run them with: langgraph, openai-agents or adk (as serve --queue --runtime)', 'langgraph')
    .addHelpText(
      'after',
      '\nModel: the offline planner unless WAYBILL_MODEL / OPENROUTER_API_KEY configure one (docs/models.md), as for ask and serve.\n' +
        'A killed worker\'s jobs are taken by another worker once their lease lapses: within\n' +
        'WAYBILL_QUEUE_LEASE_SECONDS (30) + WAYBILL_QUEUE_MAINTENANCE_SECONDS (5) + WAYBILL_QUEUE_POLL_SECONDS (1).\n' +
        'Failed jobs are retried WAYBILL_QUEUE_RETRY_LIMIT (5) times, then dead-lettered. SIGTERM or Ctrl-C: stop\n' +
        'taking jobs, finish the jobs in hand, exit 0. Logs are JSON lines on stderr, one per job. See docs/queue.md.',
    )
    .action(async (options: WorkerOptions) => {
      const url = databasePath(options.db);
      if (!isPostgresUrl(url)) throw new UsageError(`the run queue needs PostgreSQL: give --db postgres://... or WAYBILL_DB=postgres://..., got ${JSON.stringify(redactLocation(url))}`);
      const concurrency = wholeNumber('--concurrency', options.concurrency, 64);
      const tenantLimit = wholeNumber('--tenant-concurrency', options.tenantConcurrency, 1000);
      const runtimeName = parseRuntimeName(options.runtime);
      if (!runtimeName) throw new UsageError(`--runtime must be langgraph, openai-agents or adk, got ${JSON.stringify(options.runtime)}`);
      const { runQueueWorker } = await import('./run-queue-worker.js');
      await runQueueWorker({ url, concurrency, tenantLimit, runtimeName });
    });
}
