export { buildWorkflow, workerToolNames } from './build-workflow.js';
export { openAdkRuntime } from './open-runtime.js';
export type { OpenedAdkRuntime } from './open-runtime.js';
export { OpenAICompatibleLlm } from './openai-compatible-llm.js';
