export { DecisionError, exitCodeFor, holderIsGone, reconcileRun, recoverAbandoned, watchRun } from './core/index.js';
export type { AskRequest, Decision, DecideOptions, RunProgress, RunProgressListener, RunWatch, DecisionErrorCode, ExecutionCheck, ExecutionRefusal, OpenRuntimeOptions, RunObserver, Runtime, RuntimeName, RecoverySweep, RunReconciliation, ThreadState } from './core/index.js';
export { openRuntime } from './open-runtime.js';
export type { OpenNamedRuntimeOptions } from './open-runtime.js';
export { parseRuntimeName, RUNTIME_NAMES } from './runtime-name.js';
