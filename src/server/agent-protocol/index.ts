export { agentProtocolRoutes } from './agent-protocol-routes.js';
export { LiveRuns } from './live-runs.js';
export type { LiveRun, ProtocolEvent } from './live-runs.js';
export { openProtocolStore } from './open-protocol-store.js';
export { PostgresProtocolStore } from './postgres-protocol-store.js';
export { SqliteProtocolStore } from './sqlite-protocol-store.js';
export type { ProtocolCheckpoint, ProtocolRunRow, ProtocolRunStatus, ProtocolStore, ProtocolThreadRow, ProtocolThreadStatus, StoredProtocol } from './protocol-store.js';
export type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';
