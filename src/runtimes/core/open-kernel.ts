import { policySearchTool } from '../../knowledge/index.js';
import type { InProcessBoundary } from '../../mcp/index.js';
import { openInProcessBoundary } from '../../mcp/index.js';
import type { ModelChoice } from './choose-models.js';
import { chooseModels } from './choose-models.js';
import type { FrameworkPort, PausedCall } from './framework-port.js';
import type { OpenRuntimeOptions } from './open-runtime-options.js';
import { RunKernel } from './run-kernel.js';
import type { RuntimeName } from './runtime.js';
import type { RuntimeStores } from './runtime-stores.js';
import { openRuntimeStores } from './runtime-stores.js';

/** What a port is opened with: the stores, the MCP boundary its tools call, the chosen models, and the caller's options. */
export interface PortContext<O extends OpenRuntimeOptions> {
  stores: RuntimeStores;
  boundary: InProcessBoundary;
  models: ModelChoice;
  options: O;
}

/** How a framework folder opens its port on the shared parts. */
export type OpenPort<P extends PausedCall, O extends OpenRuntimeOptions> = (context: PortContext<O>) => Promise<FrameworkPort<P>>;

/**
 * The one composition root of a runtime: the stores, opened once from `options.dbPath`; one in-process
 * MCP session to the domain server (with knowledge search) as each run's tenant; the models; then the
 * framework's port, and the kernel over all of it. Anything opened is closed again if a later step fails.
 */
export async function openKernel<P extends PausedCall, O extends OpenRuntimeOptions>(name: RuntimeName, options: O, openPort: OpenPort<P, O>): Promise<RunKernel<P>> {
  const stores = await openRuntimeStores(options.dbPath, { now: options.now });
  const boundary = openInProcessBoundary({ runtime: name, store: stores.domain, controls: stores.controls, searchPolicies: policySearchTool(stores.knowledge), ...(options.now && { now: options.now }) });
  const closeParts = async () => {
    await boundary.close();
    await stores.close();
  };
  try {
    const port = await openPort({ stores, boundary, models: chooseModels(options), options });
    return new RunKernel({ port, domain: stores.domain, controls: stores.controls, runs: stores.runs, dailyBudget: stores.dailyBudget, boundary, options, closeParts });
  } catch (error) {
    await closeParts();
    throw error;
  }
}
