export { buildManager } from './build-manager.js';
export type { WorkerName } from './build-manager.js';
export { chatCompletionsModel } from './chat-completions-model.js';
export { openOpenAIAgentsRuntime } from './open-runtime.js';
export type { OpenedOpenAIAgentsRuntime, OpenOpenAIAgentsOptions } from './open-runtime.js';
export { openPauseStore, PostgresPauseStore, SqlitePauseStore } from './pause-store.js';
export type { PauseStore, StoredPause } from './pause-store.js';
