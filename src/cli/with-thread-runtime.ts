import { databasePath } from './database-path.js';
import type { Decision, ThreadState } from '../runtimes/langgraph/index.js';
import type { RunRecord, RunRuntime } from '../telemetry/index.js';
import { withRuntime } from './with-runtime.js';

/** What `state`, `approve` and `reject` need of whichever runtime ran a thread. */
export interface ThreadRuntime {
  state(threadId: string): Promise<ThreadState>;
  decide(threadId: string, decision: Decision): Promise<RunRecord>;
}

async function runtimeOf(threadId: string, dbPath: string): Promise<RunRuntime | undefined> {
  const { SqliteRunStore } = await import('../telemetry/index.js');
  const runs = SqliteRunStore.open(dbPath);
  try {
    return (await runs.latestRunForThread(threadId))?.runtime;
  } finally {
    await runs.close();
  }
}

/**
 * Opens the runtime that ran `threadId` (from its latest run record) for one command: a pause made by
 * the OpenAI Agents runtime is decided by it, anything else by LangGraph. ADK never pauses.
 */
export async function withThreadRuntime<T>(threadId: string, fn: (runtime: ThreadRuntime) => Promise<T>): Promise<T> {
  const dbPath = databasePath();
  if ((await runtimeOf(threadId, dbPath)) !== 'openai-agents') return withRuntime(({ runtime }) => fn(runtime));
  const { openOpenAIAgentsRuntime } = await import('../runtimes/openai-agents/index.js');
  const opened = await openOpenAIAgentsRuntime({ dbPath });
  try {
    return await fn(opened.runtime);
  } finally {
    await opened.close();
  }
}
