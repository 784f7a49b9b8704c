import { setMaxListeners } from 'node:events';
import type { BaseMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { isGraphBubbleUp } from '@langchain/langgraph';
import { z } from 'zod';
import { ROLES, ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool, SEARCH_POLICIES_TOOL } from '../../domain/index.js';
import { checkDelegation } from '../../fleet/call-tree.js';
import { judgeCompletion } from '../../fleet/judge-completion.js';
import { wrapAsData } from '../../policy/index.js';
import type { RolesTable } from '../../policy/index.js';
import { currentRun, withRunContext } from './run-context.js';

/** What the delegation tool needs of a worker: something it can invoke with a clean conversation. */
export interface Invocable {
  invoke(input: { messages: Array<{ role: 'user'; content: string }> }, config?: unknown): Promise<{ messages: BaseMessage[] }>;
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

/**
 * A worker as a tool its parent calls with a sub-request. The call tree is checked first (roles
 * table, cycles, depth, the task-wide delegation budget); the worker then runs in a child context with
 * a clean conversation (only its sub-request); and what comes back is the delegation contract judged
 * from the worker's terminal state and tool results, wrapped as data with the worker's name and trust.
 */
export function delegationTool(name: string, worker: Invocable, roles: RolesTable = ROLES_TABLE): StructuredToolInterface {
  const grant = roles[name];
  const spec = (ROLES as Readonly<Record<string, { role: string; handles: string }>>)[name];
  // A policy answer is established by the passages a scoped search returned, as a quote by a domain result.
  const successTools = (grant?.tools ?? []).filter((t) => findDomainTool(t) !== undefined || t === SEARCH_POLICIES_TOOL.name);
  return tool(
    async ({ request }: { request: string }, config) => {
      const run = currentRun();
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
      let messages: BaseMessage[] | undefined;
      let error: string | undefined;
      raiseAbortListenerLimit(config);
      try {
        messages = (await withRunContext(child, () => worker.invoke({ messages: [{ role: 'user', content: request }] }, config))).messages;
      } catch (thrown) {
        // A pause for approval travels up as an exception: it is LangGraph's, not a failure.
        if (isGraphBubbleUp(thrown)) throw thrown;
        error = thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown);
      }
      const stop = child.ownStop;
      const contract = judgeCompletion({
        taskId: child.taskId ?? name,
        agent: name,
        request,
        answer: answerOf(messages),
        ...(error !== undefined && { error }),
        ...(stop && { stop }),
        tools: child.toolEvidence,
        successTools,
      });
      run.subtasks.push(contract);
      for (const flag of contract.flags) run.audit({ agent: name, parent: run.agent, task_id: child.taskId, type: 'guard.taint', status: 'info', detail: `${flag} (in what ${name} read or answered; passed to ${run.agent} as data)` });
      const summary = { status: contract.status, confidence: contract.confidence, facts: contract.facts.length, gaps: contract.gaps, flags: contract.flags, ...(contract.reason && { reason: contract.reason }) };
      run.audit({ agent: name, parent: run.agent, task_id: child.taskId, type: 'delegation.result', status: contract.status === 'ok' ? 'ok' : 'error', detail: JSON.stringify(summary) });
      return wrapAsData({ source: `agent:${name}`, trust: 'agent', tainted: contract.flags.length > 0, content: JSON.stringify(contract) });
    },
    {
      name,
      description: `${spec ? `${spec.role}: ${spec.handles}` : name}. Give it one independent part of the user's request; call it several times in one turn for independent parts.`,
      schema: z.object({ request: z.string().describe('The sub-request for this worker, in the user’s words') }),
    },
  );
}
