import { EvalDataError } from './eval-data-error.js';
import type { EvalRuntime } from './eval-runtime.js';

/** A runtime by name, loaded only when chosen (each pulls in its whole agent framework). */
export type EvalRuntimeLoader = () => Promise<EvalRuntime>;

/** The runtimes `waybill eval --runtime` accepts; the OpenAI Agents SDK and ADK runtimes add theirs here. */
export const EVAL_RUNTIMES: ReadonlyMap<string, EvalRuntimeLoader> = new Map([['langgraph', async () => (await import('./langgraph-eval-runtime.js')).langGraphEvalRuntime]]);

/**
 * The runtime called `name`. Throws EvalDataError `unknown_runtime` listing the known ones before
 * anything is loaded, so a typo fails fast.
 */
export async function resolveEvalRuntime(name: string, known: ReadonlyMap<string, EvalRuntimeLoader> = EVAL_RUNTIMES): Promise<EvalRuntime> {
  const load = known.get(name);
  if (!load) throw new EvalDataError('unknown_runtime', `unknown runtime ${JSON.stringify(name)}; known runtimes: ${[...known.keys()].join(', ')}`);
  return load();
}
