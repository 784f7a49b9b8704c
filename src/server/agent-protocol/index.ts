export { agentProtocolRoutes } from './agent-protocol-routes.js';
export { LiveRuns } from './live-runs.js';
export { openProtocolStore } from './open-protocol-store.js';
export type { ProtocolStore } from './protocol-store.js';
export { protocolJobRuntime } from './protocol-job-runtime.js';
export { startProtocolSweep } from './start-protocol-sweep.js';
