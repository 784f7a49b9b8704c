import { RUNTIME_NAMES } from '../runtimes/runtime-name.js';
import type { RuntimeName } from '../runtimes/runtime-name.js';
import { EvalDataError } from './eval-data-error.js';
import type { EvalRuntime } from './eval-runtime.js';
import { evalRuntime } from './eval-runtime.js';

/** The runtimes `waybill eval --runtime` accepts: every runtime of the kernel's registry. */
export const EVAL_RUNTIMES: ReadonlyMap<string, EvalRuntime> = new Map(RUNTIME_NAMES.map((name) => [name, evalRuntime(name)]));

/**
 * The runtime called `name`. Throws EvalDataError `unknown_runtime` listing the known ones before
 * anything is loaded, so a typo fails fast.
 */
export async function resolveEvalRuntime(name: string, known: ReadonlyMap<string, EvalRuntime> = EVAL_RUNTIMES, database?: string): Promise<EvalRuntime> {
  const runtime = known.get(name);
  if (!runtime) throw new EvalDataError('unknown_runtime', `unknown runtime ${JSON.stringify(name)}; known runtimes: ${[...known.keys()].join(', ')}`);
  // A trial database elsewhere than in memory (`--db postgres://…`): the same runtime, opened there.
  return database === undefined ? runtime : evalRuntime(name as RuntimeName, database);
}
