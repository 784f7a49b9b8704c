import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditEventDraft } from '../../telemetry/index.js';

/**
 * One step of a run as it happens: an audit draft (delegation start and result, tool call, approval
 * requested, model call, run end...) stamped with the run it belongs to. Tool arguments are included
 * (the audit trail keeps only their hash); the listener is the caller's own, in-process.
 */
export interface RunProgress extends AuditEventDraft {
  run_id: string;
  thread_id: string;
  tenant: string;
  ts: string;
}

/** Called synchronously as each step is recorded; what it throws is swallowed (watching never changes a run). */
export type RunProgressListener = (progress: RunProgress) => void;

/** What a caller watching a run passes: a progress listener and a signal that cancels the run before its next model call. */
export interface RunWatch {
  onProgress?: RunProgressListener;
  signal?: AbortSignal;
}

const scope = new AsyncLocalStorage<RunWatch>();

/**
 * Runs `fn` (a `runtime.ask` or `runtime.decide`) with `watch` attached to every run ledger it opens,
 * whatever the runtime: the ledger picks the watch up when it is created, so no adapter has to pass it.
 *
 * @example
 * const record = await watchRun({ onProgress: (p) => console.log(p.type, p.agent) }, () => runtime.ask({ input }));
 */
export function watchRun<T>(watch: RunWatch, fn: () => Promise<T>): Promise<T> {
  return scope.run(watch, fn);
}

/** The watch of the caller, if it is inside `watchRun`. */
export function currentRunWatch(): RunWatch | undefined {
  return scope.getStore();
}

/**
 * Runs `fn` outside any caller's watch: a ledger it opens picks up none, so what it records reaches no
 * listener until the ledger adopts the watch (RunLedger.adoptWatch), if it ever does.
 */
export function unwatched<T>(fn: () => T): T {
  return scope.exit(fn);
}
