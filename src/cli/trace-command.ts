import { Command } from 'commander';
import { cliIdentity } from './cli-identity.js';
import { cliThreadKey, namedRun } from './cli-thread-key.js';
import { UsageError } from './usage-error.js';
import { withRuntime } from './with-runtime.js';

/** `waybill trace`: the delegation tree of a run, from its audit trail. */
export function traceCommand(): Command {
  return new Command('trace')
    .description('print the delegation tree of a run: one node per delegation with model calls, tokens, time, confidence, status and flags')
    .argument('[run-id]', 'a run id (run-…)')
    .option('--thread <id>', 'the latest run of this thread instead')
    .option('--json', 'print the tree as JSON')
    .action(async (runId: string | undefined, options: { thread?: string; json?: boolean }) => {
      if (!runId && !options.thread) throw new UsageError('trace needs a run id or --thread ID');
      const { delegationTree, renderDelegationTree } = await import('../telemetry/index.js');
      // The thread as the acting tenant names it (cli-thread-key.ts).
      const identity = cliIdentity();
      const thread = runId || !options.thread ? undefined : await cliThreadKey(options.thread, identity.tenant);
      await withRuntime(async ({ runs }) => {
        const stored = runId ? await runs.getRun(runId) : await runs.latestRunForThread(thread ?? '');
        // Another tenant's run reads exactly as a missing one unless the role crosses tenants, so run ids cannot be probed.
        const visible = stored && (identity.role === 'platform_admin' || stored.tenant === identity.tenant) ? stored : undefined;
        if (!visible) throw new UsageError(runId ? `no run ${runId}` : `no run for thread ${options.thread ?? ''}`);
        const record = await namedRun(visible);
        const tree = delegationTree(await runs.listEvents(record.run_id));
        if (options.json) {
          console.log(JSON.stringify({ run_id: record.run_id, status: record.status, stop_reason: record.stop_reason, tree }, null, 2));
          return;
        }
        console.log(`run ${record.run_id} (${record.status}: ${record.stop_reason}) thread ${record.thread_id}, ${record.usage.prompt_tokens + record.usage.completion_tokens} tokens, ${record.duration_ms} ms`);
        for (const line of renderDelegationTree(tree)) console.log(line);
      });
    });
}
