import { databasePath } from './database-path.js';
import type { Runtime } from '../runtimes/index.js';
import type { RunRuntime } from '../telemetry/index.js';
import { withRuntime } from './with-runtime.js';

async function runtimeOf(threadId: string, dbPath: string): Promise<RunRuntime | undefined> {
  const { openRunStore } = await import('../telemetry/index.js');
  const runs = await openRunStore(dbPath);
  try {
    // A run in flight names the runtime that must finish it (its only trace may be the intent).
    return (await runs.listIntents(threadId))[0]?.runtime ?? (await runs.latestRunForThread(threadId))?.runtime;
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

/** The thread of the paused run an approval id was filed for, or undefined for an outside MCP caller's approval. */
export async function threadOfApproval(approvalId: string): Promise<string | undefined> {
  const { openRunStore, pausedRunForApproval } = await import('../telemetry/index.js');
  const runs = await openRunStore(databasePath());
  try {
    return (await pausedRunForApproval(runs, approvalId))?.thread_id;
  } finally {
    await runs.close();
  }
}
