export { LangGraphRuntime } from './langgraph-runtime.js';
export type { AskRequest, Decision, LangGraphRuntimeOptions, RunObserver, ThreadState } from './langgraph-runtime.js';
export { openLangGraphRuntime } from './open-runtime.js';
export type { OpenedRuntime, OpenRuntimeOptions } from './open-runtime.js';
export type { PendingAction, ToolCallRecord } from './run-types.js';
export { DecisionError } from './runtime-errors.js';
export type { DecisionErrorCode } from './runtime-errors.js';
