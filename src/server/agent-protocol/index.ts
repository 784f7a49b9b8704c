export { agentProtocolRoutes } from './agent-protocol-routes.js';
export { LiveRuns } from './live-runs.js';
export { openProtocolStore } from './open-protocol-store.js';
export type { ProtocolStore } from './protocol-store.js';
