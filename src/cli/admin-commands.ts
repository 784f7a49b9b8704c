import { Command } from 'commander';
import { parseDuration } from '../telemetry/parse-duration.js';
import { RUN_LIST_MAX_LIMIT } from '../telemetry/run-store.js';
import { UsageError } from './usage-error.js';
import { databasePath } from './database-path.js';
import type { OpenedLangGraphRuntime } from '../runtimes/langgraph/index.js';

/** The LangGraph runtime for the commands that draw its graph or prune its checkpoints. */
async function withLangGraph<T>(fn: (opened: OpenedLangGraphRuntime) => Promise<T>): Promise<T> {
  const { openLangGraphRuntime } = await import('../runtimes/langgraph/index.js');
  const opened = await openLangGraphRuntime({ dbPath: databasePath() });
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}

/** `waybill graph`: the compiled supervisor graph as Mermaid. */
export function graphCommand(): Command {
  return new Command('graph')
    .description('print the compiled supervisor graph as Mermaid (workers run inside its tools node)')
    .action(async () => {
      const mermaid = await withLangGraph(async ({ runtime }) => (await runtime.port.graph.getGraphAsync()).drawMermaid());
      console.log(mermaid);
    });
}

/** `waybill prune`: delete old runs with their checkpoints, and bound the checkpoints kept per thread. */
export function pruneCommand(): Command {
  return new Command('prune')
    .description('delete runs, audit events and checkpoints of threads idle for longer than a duration, and/or keep only the newest N checkpoints per thread; a run awaiting approval is never touched')
    .option('--older-than <duration>', 'e.g. 30d, 12h, 45m, 90s')
    .option('--keep-latest <n>', 'keep the newest n checkpoints (n >= 1) of every thread, delete the rest')
    .action(async (options: { olderThan?: string; keepLatest?: string }) => {
      if (options.olderThan === undefined && options.keepLatest === undefined) throw new UsageError('give --older-than <duration>, --keep-latest <n>, or both');
      let ms: number | undefined;
      try {
        ms = options.olderThan === undefined ? undefined : parseDuration(options.olderThan);
      } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
      const keepLatest = options.keepLatest === undefined ? undefined : Number(options.keepLatest);
      if (keepLatest !== undefined && (!Number.isInteger(keepLatest) || keepLatest < 1)) throw new UsageError(`--keep-latest must be a whole number of at least 1, got ${JSON.stringify(options.keepLatest)}`);
      const cutoff = ms === undefined ? undefined : new Date(Date.now() - ms).toISOString();
      const { threads, checkpoints } = await withLangGraph(async ({ runs, checkpointer }) => {
        const idle = cutoff === undefined ? [] : await runs.pruneOlderThan(cutoff);
        for (const thread of idle) await checkpointer.deleteThread(thread);
        let deleted = 0;
        if (keepLatest !== undefined) {
          const { pruneCheckpoints } = await import('../runtimes/langgraph/index.js');
          // A paused run's whole checkpoint history stays until it is decided.
          const paused = await runs.listRuns({ status: 'awaiting_approval', limit: RUN_LIST_MAX_LIMIT });
          deleted = await pruneCheckpoints(databasePath(), { keepLatest, protectedThreads: new Set(paused.runs.map((r) => r.thread_id)) });
        }
        return { threads: idle, checkpoints: deleted };
      });
      if (cutoff !== undefined) console.log(`pruned ${threads.length} thread(s) idle since before ${cutoff}`);
      if (keepLatest !== undefined) console.log(`deleted ${checkpoints} checkpoint(s) beyond the newest ${keepLatest} of each thread`);
    });
}
