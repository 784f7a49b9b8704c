import { Command } from 'commander';
import { parseDuration } from '../telemetry/parse-duration.js';
import { UsageError } from './usage-error.js';
import { resolveDbPath } from '../domain/index.js';
import type { OpenedLangGraphRuntime } from '../runtimes/langgraph/index.js';

/** The LangGraph runtime for the commands that draw its graph or prune its checkpoints. */
async function withLangGraph<T>(fn: (opened: OpenedLangGraphRuntime) => Promise<T>): Promise<T> {
  const { openLangGraphRuntime } = await import('../runtimes/langgraph/index.js');
  const opened = await openLangGraphRuntime({ dbPath: resolveDbPath() });
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
      const mermaid = await withLangGraph(async ({ runtime }) => (await runtime.graph.getGraphAsync()).drawMermaid());
      console.log(mermaid);
    });
}

/** `waybill prune`: delete old runs, their audit events and their threads' checkpoints. */
export function pruneCommand(): Command {
  return new Command('prune')
    .description('delete runs, audit events and checkpoints of threads idle for longer than a duration')
    .requiredOption('--older-than <duration>', 'e.g. 30d, 12h, 45m, 90s')
    .action(async (options: { olderThan: string }) => {
      let ms: number;
      try {
        ms = parseDuration(options.olderThan);
      } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
      const cutoff = new Date(Date.now() - ms).toISOString();
      const threads = await withLangGraph(async ({ runs, checkpointer }) => {
        const idle = await runs.pruneOlderThan(cutoff);
        for (const thread of idle) await checkpointer.deleteThread(thread);
        return idle;
      });
      console.log(`pruned ${threads.length} thread(s) idle since before ${cutoff}`);
    });
}
