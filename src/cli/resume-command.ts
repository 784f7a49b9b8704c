import { Command } from 'commander';
import type { RecoverySweep, Runtime, RuntimeName } from '../runtimes/index.js';
import { cliIdentity } from './cli-identity.js';
import { cliThreadKey } from './cli-thread-key.js';
import { databasePath } from './database-path.js';
import { printRun } from './print-run.js';
import { UsageError } from './usage-error.js';
import { withThreadRuntime } from './with-thread-runtime.js';
import { withRuntime } from './with-runtime.js';

/** `waybill resume`: finish the runs a killed process left behind (docs/durability.md "Crashes"). */
export function resumeCommand(): Command {
  return new Command('resume')
    .description('finish runs whose process died (a killed ask or approve): record a pause, apply a decision once, or run again')
    .option('--thread <id>', 'the thread whose runs to finish')
    .option('--all', 'every thread with such a run (what `waybill serve` does on start-up)')
    .option('--json', 'print the finished run records as JSON')
    .addHelpText('after', '\nA run is finished only when the process that held it is gone (it stopped renewing its lease, WAYBILL_RUN_LEASE_MS, default 30 s; a dead process of this machine at once).\nExit codes: 0 nothing left to finish, 1 a thread could not be finished, 2 bad usage or the thread is busy.')
    .action(async (options: { thread?: string; all?: boolean; json?: boolean }) => {
      if ((options.thread === undefined) === (options.all !== true)) throw new UsageError('give exactly one of --thread <id> or --all');
      // The thread as the acting tenant names it (cli-thread-key.ts).
      const thread = options.thread === undefined ? undefined : await cliThreadKey(options.thread, cliIdentity().tenant);
      const sweep: RecoverySweep =
        thread !== undefined
          ? { recovered: await withThreadRuntime(thread, (runtime) => runtime.recover(thread)), failed: [] }
          : await sweepEveryRuntime();
      if (options.json) console.log(JSON.stringify(sweep, null, 2));
      else {
        for (const record of sweep.recovered) printRun(record, false);
        for (const { threadId, error } of sweep.failed) console.error(`thread ${threadId}: not finished: ${error}`);
        if (sweep.recovered.length === 0 && sweep.failed.length === 0) console.log(thread === undefined ? 'nothing to finish' : `thread ${options.thread ?? thread}: nothing to finish`);
      }
      process.exitCode = sweep.failed.length > 0 ? 1 : 0;
    });
}

async function sweepEveryRuntime(): Promise<RecoverySweep> {
  const { openRunStore } = await import('../telemetry/index.js');
  const { recoverAbandoned } = await import('../runtimes/index.js');
  const runs = await openRunStore(databasePath());
  let names: RuntimeName[];
  try {
    names = [...new Set((await runs.listIntents()).map((intent) => intent.runtime))];
  } finally {
    await runs.close();
  }
  const sweep: RecoverySweep = { recovered: [], failed: [] };
  // Only the runtimes that left runs behind are opened, each once.
  for (const name of names) {
    const one = await withRuntime((runtime: Runtime) => recoverAbandoned(runtime), name);
    sweep.recovered.push(...one.recovered);
    sweep.failed.push(...one.failed);
  }
  return sweep;
}
