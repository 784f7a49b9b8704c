import { databasePath } from './database-path.js';
import type { OpenedRuntime } from '../runtimes/langgraph/index.js';

/** Opens the runtime on the configured database for one command and always closes it. */
export async function withRuntime<T>(fn: (opened: OpenedRuntime) => Promise<T>): Promise<T> {
  // Loaded on demand so `waybill mcp` and `guard` start without LangChain.
  const { openLangGraphRuntime } = await import('../runtimes/langgraph/index.js');
  const opened = await openLangGraphRuntime({ dbPath: databasePath() });
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}
