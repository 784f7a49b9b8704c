import { resolveDbPath } from '../domain/index.js';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';

/** Opens the named runtime (default LangGraph) on the configured database for one command and always closes it. */
export async function withRuntime<T>(fn: (runtime: Runtime) => Promise<T>, name: RuntimeName = 'langgraph', options: Omit<OpenNamedRuntimeOptions, 'dbPath'> = {}): Promise<T> {
  // Loaded on demand so `waybill mcp` and `guard` start without the agent frameworks.
  const { openRuntime } = await import('../runtimes/index.js');
  const runtime = await openRuntime(name, { ...options, dbPath: resolveDbPath() });
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}
