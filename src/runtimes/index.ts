export { DecisionError, exitCodeFor, recoverAbandoned, watchRun } from './core/index.js';
export type { AskRequest, Decision, DecideOptions, RunProgress, RunProgressListener, RunWatch, DecisionErrorCode, OpenRuntimeOptions, RunObserver, Runtime, RuntimeName, RecoverySweep, ThreadState } from './core/index.js';
export { openRuntime } from './open-runtime.js';
export type { OpenNamedRuntimeOptions } from './open-runtime.js';
export { parseRuntimeName, RUNTIME_NAMES } from './runtime-name.js';
