import { databasePath } from './database-path.js';
import type { Runtime } from '../runtimes/index.js';
import type { RunRuntime } from '../telemetry/index.js';
import { withRuntime } from './with-runtime.js';

async function runtimeOf(threadId: string, dbPath: string): Promise<RunRuntime | undefined> {
  const { openRunStore } = await import('../telemetry/index.js');
  const runs = await openRunStore(dbPath);
  try {
    return (await runs.latestRunForThread(threadId))?.runtime;
  } finally {
    await runs.close();
  }
}

/**
 * Opens the runtime that ran `threadId` (from its latest run record; LangGraph for a thread with none)
 * for one command, so `state`, `approve` and `reject` act on the runtime that paused it.
 */
export async function withThreadRuntime<T>(threadId: string, fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  return withRuntime(fn, (await runtimeOf(threadId, databasePath())) ?? 'langgraph');
}
