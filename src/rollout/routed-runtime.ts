import type { AskRequest, Runtime } from '../runtimes/index.js';
import type { RuntimePool } from './runtime-pool.js';

/**
 * The pool as one `Runtime`, for the CLI, the HTTP service and the queue worker: each `ask` goes to the
 * target the pool chooses for its tenant and user, and carries that target's rollout arm. A decision or
 * a state read goes to the framework that ran the thread's latest run (its pause is that framework's), a
 * recovery to the framework of the run left in flight; a decision and a recovery run on the version of
 * the arm the run started on (docs/rollout.md "A run keeps its arm"), then the pool's `resumeChoosers`
 * (a tenant's own model endpoint).
 */
export function routedRuntime(pool: RuntimePool): Runtime {
  const { base } = pool;
  const ofThread = async (threadId: string): Promise<Runtime> => {
    const last = await base.runs.latestRunForThread(threadId);
    return last ? (await pool.resumeRuntime(last.tenant, last.runtime)).runtime : base;
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
    decide: async (threadId, decision, options = {}) => {
      const last = await base.runs.latestRunForThread(threadId);
      if (!last) return base.decide(threadId, decision, options);
      const { runtime, variant } = await pool.resumeRuntime(last.tenant, last.runtime, last.variant);
      return runtime.decide(threadId, decision, { ...options, ...(variant && { variant }) });
    },
    recover: async (threadId, options = {}) => {
      // The run in flight names its framework and its arm; an intent written before intents kept the arm
      // is a decision whose paused run's record names it.
      const intent = (await base.runs.listIntents(threadId))[0];
      if (!intent) return (await ofThread(threadId)).recover(threadId, options);
      const started = options.variant ?? intent.variant ?? (intent.pausedRunId === undefined ? undefined : (await base.runs.getRun(intent.pausedRunId))?.variant);
      const { runtime, variant } = await pool.resumeRuntime(intent.tenant, intent.runtime, started);
      return runtime.recover(threadId, variant ? { variant } : {});
    },
    close: () => pool.close(),
  };
}
