import { setMaxListeners } from 'node:events';
import type { BaseMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { isGraphBubbleUp } from '@langchain/langgraph';
import { ROLES, ROLES_TABLE } from '../../agents/index.js';
import { checkDelegation } from '../../fleet/index.js';
import type { RolesTable } from '../../policy/index.js';
import { currentLedger, delegateWithProof } from '../core/index.js';
import { ledgerConfigurable } from './ledger-in-config.js';

/** What the delegation tool needs of a worker: something it can invoke with a clean conversation. */
export interface Invocable {
  invoke(input: { messages: Array<{ role: 'user' | 'system'; content: string }> }, config?: unknown): Promise<{ messages: BaseMessage[] }>;
}

// The worker's last message is its answer unless the policy layer halted it (that text is ours, not its).
function answerOf(messages: readonly BaseMessage[] | undefined): string | undefined {
  const last = messages?.at(-1);
  if (!last || last.getType() !== 'ai' || (last.response_metadata as { waybill_halt?: unknown } | undefined)?.waybill_halt === true) return undefined;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
}

// Each step of a child graph adds an abort listener to the run's one external signal, which LangGraph
// passes down in the configurable (pregel/runner.js), and removes it when the step ends. A fan-out of a
// few workers passes Node's leak-warning threshold of 10 with nothing leaking: raise it on that signal.
const ABORT_LISTENER_LIMIT = 64;
function raiseAbortListenerLimit(config: { signal?: AbortSignal; configurable?: Record<string, unknown> } | undefined): void {
  const inherited = config?.configurable?.__pregel_abort_signals as { externalAbortSignal?: unknown } | undefined;
  for (const signal of [inherited?.externalAbortSignal, config?.signal]) {
    if (signal instanceof AbortSignal) setMaxListeners(ABORT_LISTENER_LIMIT, signal);
  }
}

// Plain JSON Schema: a zod schema would be offered with a `$schema` line on every model call.
const DELEGATION_SCHEMA = {
  type: 'object',
  properties: { request: { type: 'string' as const, description: 'The sub-request for this worker, in the user’s words' } },
  required: ['request'],
  additionalProperties: false,
} as const;

/**
 * A worker as a tool its parent calls with a sub-request. The call tree is checked first (roles
 * table, cycles, depth, the task-wide delegation budget); the worker then runs in a child context with
 * a clean conversation (only its sub-request); and what comes back is the delegation contract judged
 * from the worker's terminal state and tool results, wrapped as data with the worker's name and trust.
 */
export function delegationTool(name: string, worker: Invocable, roles: RolesTable = ROLES_TABLE): StructuredToolInterface {
  const spec = (ROLES as Readonly<Record<string, { role: string; handles: string }>>)[name];
  return tool(
    async ({ request }: { request: string }, config) => {
      const run = currentLedger();
      const { maxDepth, maxDelegations } = run.init.budget.limits;
      const verdict = checkDelegation({ roles, path: run.path, callee: name, maxDepth });
      const refusal = !verdict.allowed
        ? verdict
        : run.delegations >= maxDelegations
          ? { stopReason: 'max_steps' as const, detail: `the task-wide budget of ${maxDelegations} delegations is spent` }
          : undefined;
      if (refusal) {
        run.stop(refusal.stopReason, refusal.detail);
        run.audit({ agent: name, parent: run.agent, type: 'policy.deny', status: 'denied', detail: `${refusal.stopReason}: ${refusal.detail}` });
        return JSON.stringify({ status: 'denied', problems: [`${name}: ${refusal.detail}`] });
      }
      const child = run.child(name);
      run.audit({ agent: name, parent: run.agent, task_id: child.taskId, type: 'delegation.start', status: 'info', detail: request.slice(0, 500) });
      raiseAbortListenerLimit(config);
      // A retry (the proof loop) gives the worker the verifier's findings as a system note, beside its request.
      return delegateWithProof(
        child,
        request,
        async () => {
          const feedback = child.proofFeedback;
          const input = [{ role: 'user' as const, content: request }, ...(feedback ? [{ role: 'system' as const, content: feedback }] : [])];
          try {
            return { answer: answerOf((await worker.invoke({ messages: input }, { ...config, configurable: { ...config?.configurable, ...ledgerConfigurable(child) } })).messages) };
          } catch (thrown) {
            // A pause for approval travels up as an exception: it is LangGraph's, not a failure.
            if (isGraphBubbleUp(thrown)) throw thrown;
            return { answer: undefined, error: thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown) };
          }
        },
        roles,
      );
    },
    {
      name,
      description: `${spec ? `${spec.role}: ${spec.handles}` : name}. One part of the request per call.`,
      schema: DELEGATION_SCHEMA,
    },
  );
}
