export { AdkRuntime } from './adk-runtime.js';
export type { AdkRuntimeOptions } from './adk-runtime.js';
export { buildWorkflow, workerToolNames } from './build-workflow.js';
export type { WorkflowOptions } from './build-workflow.js';
export { openAdkRuntime } from './open-runtime.js';
export type { OpenAdkOptions, OpenedAdkRuntime } from './open-runtime.js';
export { OpenAICompatibleLlm } from './openai-compatible-llm.js';
