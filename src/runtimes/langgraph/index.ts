export { LangGraphRuntime } from './langgraph-runtime.js';
export type { LangGraphRuntimeOptions } from './langgraph-runtime.js';
export { openLangGraphRuntime } from './open-runtime.js';
export type { OpenedLangGraphRuntime, OpenLangGraphOptions } from './open-runtime.js';
