import { databasePath } from './database-path.js';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';

/**
 * Opens the named runtime (default LangGraph) on the configured database for one command and always
 * closes it. It is the runtime pool of docs/rollout.md seen as one runtime: each run goes to the target
 * its tenant's stage and change under rollout choose for its user (on the tenant's own model endpoint,
 * if it has one), and is judged for rollback.
 */
export async function withRuntime<T>(fn: (runtime: Runtime) => Promise<T>, name: RuntimeName = 'langgraph', options: Omit<OpenNamedRuntimeOptions, 'dbPath'> = {}): Promise<T> {
  // Loaded on demand so `waybill mcp` and `guard` start without the agent frameworks.
  const { openRolloutPool, routedRuntime, tenantEndpointChooser } = await import('../rollout/index.js');
  const { openTenantEndpoints } = await import('../models/credentials/open-tenant-endpoints.js');
  const { onRunFinished, ...targetOptions } = options;
  const endpoints = await openTenantEndpoints(databasePath());
  let runtime: Runtime | undefined;
  try {
    const { pool } = await openRolloutPool({ dbPath: databasePath(), base: { key: 'base', runtimeName: name, options: targetOptions }, choosers: [tenantEndpointChooser(endpoints)], resumeChoosers: [tenantEndpointChooser(endpoints)], ...(onRunFinished && { onRunFinished }) });
    runtime = routedRuntime(pool);
    return await fn(runtime);
  } finally {
    await runtime?.close();
    await endpoints.close();
  }
}
