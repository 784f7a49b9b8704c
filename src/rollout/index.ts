export { routedRuntime } from './routed-runtime.js';
export { RuntimePool } from './runtime-pool.js';
export type { OpenTargetRuntime, RuntimePoolOptions } from './runtime-pool.js';
export type { RunCaller, RunTarget, TargetChooser, TargetOptions } from './run-target.js';
export { tenantEndpointChooser } from './tenant-endpoint-chooser.js';
