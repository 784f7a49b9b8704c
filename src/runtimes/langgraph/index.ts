export type { Durability } from './langgraph-port.js';
export { openSqliteSaver } from './open-sqlite-saver.js';
export { openLangGraphRuntime } from './open-runtime.js';
export type { OpenedLangGraphRuntime, OpenLangGraphOptions } from './open-runtime.js';
export { openCheckpointer } from './open-checkpointer.js';
export type { OpenedCheckpointer } from './open-checkpointer.js';
export { pruneCheckpoints } from './prune-checkpoints.js';
export type { CheckpointPruneOptions } from './prune-checkpoints.js';
