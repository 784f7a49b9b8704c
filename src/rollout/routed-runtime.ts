import type { AskRequest, Runtime } from '../runtimes/index.js';
import type { RuntimePool } from './runtime-pool.js';

/**
 * The pool as one `Runtime`, for the CLI, the HTTP service and the queue worker: each `ask` goes to the
 * target the pool chooses for its tenant and user, and carries that target's rollout arm. A decision,
 * a state read or a recovery goes to the framework that ran the thread's latest run (its pause is that
 * framework's), on the base options and the pool's `resumeChoosers` (a tenant's own model endpoint): the
 * part of a run after an approval runs on the stable target.
 */
export function routedRuntime(pool: RuntimePool): Runtime {
  const { base } = pool;
  const ofThread = async (threadId: string): Promise<Runtime> => {
    const last = await base.runs.latestRunForThread(threadId);
    return last ? pool.resumeRuntime(last.tenant, last.runtime) : base;
  };
  return {
    name: base.name,
    modelName: base.modelName,
    domain: base.domain,
    controls: base.controls,
    runs: base.runs,
    ask: async (request: AskRequest) => {
      const tenant = request.tenant ?? 'default';
      const user = request.user ?? request.threadId ?? request.runId ?? request.requestId ?? 'anonymous';
      const target = await pool.choose({ tenant, user, internal: request.internal === true });
      const runtime = await pool.runtimeOf(target);
      return runtime.ask({ ...request, ...(target.variant && { variant: target.variant }) });
    },
    state: async (threadId) => (await ofThread(threadId)).state(threadId),
    decide: async (threadId, decision, options) => (await ofThread(threadId)).decide(threadId, decision, options),
    recover: async (threadId) => (await ofThread(threadId)).recover(threadId),
    close: () => pool.close(),
  };
}
