import type { Runtime } from './runtime.js';

/**
 * An opened runtime as its framework folder hands it out: the `Runtime` (methods bound, so the object
 * may be spread), the kernel itself as `runtime` (with its port), and the framework's own parts for
 * tools that draw or inspect them.
 */
export function openedRuntime<K extends Runtime, X extends object>(kernel: K, parts: X): Runtime & { runtime: K } & X {
  return {
    name: kernel.name,
    modelName: kernel.modelName,
    domain: kernel.domain,
    controls: kernel.controls,
    runs: kernel.runs,
    ask: (request) => kernel.ask(request),
    state: (threadId) => kernel.state(threadId),
    decide: (threadId, decision, options) => kernel.decide(threadId, decision, options),
    recover: (threadId, options) => kernel.recover(threadId, options),
    close: () => kernel.close(),
    runtime: kernel,
    ...parts,
  };
}
