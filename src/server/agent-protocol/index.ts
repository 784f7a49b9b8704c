export { agentProtocolRoutes } from './agent-protocol-routes.js';
export { LiveRuns } from './live-runs.js';
export type { LiveRun, ProtocolEvent } from './live-runs.js';
export { SqliteProtocolStore } from './protocol-store.js';
export type { ProtocolCheckpoint, ProtocolRunRow, ProtocolRunStatus, ProtocolThreadRow, ProtocolThreadStatus } from './protocol-store.js';
export type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';
