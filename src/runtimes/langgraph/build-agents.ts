import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import type { AnyAgentMiddleware } from 'langchain';
import { createAgent, modelFallbackMiddleware } from 'langchain';
import { z } from 'zod';
import { ROLES, ROLES_TABLE } from '../../agents/index.js';
import type { AgentName } from '../../agents/index.js';
import { scanUntrustedText, toolsForAgent, wrapAsData } from '../../policy/index.js';
import { approvalMiddleware } from './approval-middleware.js';
import { policyMiddleware } from './policy-middleware.js';
import { systemPrompt } from './prompts.js';
import { currentRun } from './run-context.js';

export type WorkerName = Exclude<AgentName, 'supervisor'>;
export const WORKERS: readonly WorkerName[] = ['tracking_agent', 'warehouse_agent', 'pricing_agent'];

/** A worker: only its tools (first line of the allowlist), approval where the roles table puts it. */
function buildWorker(name: WorkerName, models: AgentModels, toolsFor: ToolsFor) {
  const tools = toolsForAgent(ROLES_TABLE, name, toolsFor(name));
  const needsApproval = tools.some((t) => t.name === 'cancel_shipment');
  // Policy last: its afterModel runs first, so a call that policy denies is never put to a human.
  const middleware: AnyAgentMiddleware[] = [...fallbacks(models), ...(needsApproval ? [approvalMiddleware(name)] : []), policyMiddleware(name)];
  return createAgent({ model: models.model, tools, name, systemPrompt: systemPrompt(name), middleware });
}

/** The agents' model and the fallbacks tried, in order, when it fails after its own retries. */
export interface AgentModels {
  model: BaseChatModel;
  fallbackModels?: readonly BaseChatModel[];
}

const fallbacks = (models: AgentModels): AnyAgentMiddleware[] => (models.fallbackModels && models.fallbackModels.length > 0 ? [modelFallbackMiddleware(...models.fallbackModels)] : []);

/** The worker as a tool the supervisor calls with a sub-request; its answer comes back as data. */
function delegationTool(name: WorkerName, worker: ReturnType<typeof buildWorker>): StructuredToolInterface {
  return tool(
    async ({ request }: { request: string }, config) => {
      const run = currentRun();
      run.audit({ agent: name, parent: 'supervisor', type: 'delegation.start', status: 'info', detail: request.slice(0, 500) });
      const result = await worker.invoke({ messages: [{ role: 'user', content: request }] }, config);
      const last = result.messages.at(-1);
      const answer = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
      const taint = scanUntrustedText(answer);
      run.audit({ agent: name, parent: 'supervisor', type: 'delegation.result', status: run.stopped ? 'error' : 'ok', detail: answer.slice(0, 500) });
      return wrapAsData({ source: `agent:${name}`, trust: 'agent', tainted: taint.tainted, content: answer || '(no answer)' });
    },
    {
      name,
      description: `${ROLES[name].role}: ${ROLES[name].handles}. Give it the part of the user's request it should handle.`,
      schema: z.object({ request: z.string().describe('The sub-request for this worker, in the user’s words') }),
    },
  );
}

/**
 * The supervisor (no domain tools: its only tools are its delegations) over three workers, with the
 * checkpointer on the outermost graph only; the workers inherit it when they run inside a tool call.
 */
/** The MCP tools as one agent calls them (its identity travels with each call). */
export type ToolsFor = (agent: WorkerName) => readonly StructuredToolInterface[];

export function buildSupervisor(options: AgentModels & { toolsFor: ToolsFor; checkpointer: BaseCheckpointSaver }) {
  const { toolsFor, checkpointer } = options;
  const delegates = ROLES.supervisor.delegates as readonly WorkerName[];
  const tools = delegates.map((name) => delegationTool(name, buildWorker(name, options, toolsFor)));
  return createAgent({
    model: options.model,
    tools,
    name: 'supervisor',
    systemPrompt: systemPrompt('supervisor'),
    middleware: [...fallbacks(options), policyMiddleware('supervisor')] as AnyAgentMiddleware[],
    checkpointer,
  });
}
