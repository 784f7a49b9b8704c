import type { BaseCheckpointSaver } from '@langchain/langgraph';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { StructuredToolInterface } from '@langchain/core/tools';
import type { AnyAgentMiddleware } from 'langchain';
import { createAgent, modelFallbackMiddleware } from 'langchain';
import { ROLES, ROLES_TABLE, systemPrompt } from '../../agents/index.js';
import type { AgentName } from '../../agents/index.js';
import { toolsForAgent } from '../../policy/index.js';
import { approvalMiddleware } from './approval-middleware.js';
import { policyMiddleware } from './policy-middleware.js';
import { delegationTool } from './delegation-tool.js';
import type { Invocable } from './delegation-tool.js';
import { asksToCancel } from './asks-to-cancel.js';
import { leanWorker } from './lean-worker.js';
import { ledgerInConfig } from './ledger-in-config.js';

type WorkerName = Exclude<AgentName, 'supervisor'>;

/**
 * A worker: only its tools (first line of the allowlist), approval where the roles table puts it. It
 * runs as a lean loop (lean-worker.ts) unless it may pause for approval, that is when it holds
 * cancel_shipment and the user's own words ask for a cancellation (the only case the tool is offered):
 * then it runs as its `createAgent` graph, whose checkpoint is where the pause resumes.
 */
function buildWorker(name: WorkerName, models: AgentModels, toolsFor: ToolsFor): Invocable {
  const tools = toolsForAgent(ROLES_TABLE, name, toolsFor(name));
  const needsApproval = tools.some((t) => t.name === 'cancel_shipment');
  // Approval outermost around a tool call: the pause comes before the tool gate runs the call with its
  // grant. A call policy denies never reaches it: the policy's model wrapper refuses the reply first.
  const middleware: AnyAgentMiddleware[] = [...fallbacks(models), ...(needsApproval ? [approvalMiddleware(name)] : []), policyMiddleware(name)];
  const lean = leanWorker({ name, model: models.model, tools, systemPrompt: systemPrompt(name), middleware });
  if (!needsApproval) return lean;
  // Each worker is invoked as its compiled graph: the agent's own invoke first reads the thread's state
  // (a checkpoint read per delegation) to seed middleware state, and Waybill's middleware keeps none.
  const graph = createAgent({ model: models.model, tools, name, systemPrompt: systemPrompt(name), middleware }).graph as Invocable;
  return {
    invoke(input, config) {
      const run = ledgerInConfig(config as { configurable?: Record<string, unknown> } | undefined);
      return (run === undefined || asksToCancel(run.init) ? graph : lean).invoke(input, config);
    },
  };
}

/** The agents' model and the fallbacks tried, in order, when it fails after its own retries. */
export interface AgentModels {
  model: BaseChatModel;
  fallbackModels?: readonly BaseChatModel[];
}

const fallbacks = (models: AgentModels): AnyAgentMiddleware[] => (models.fallbackModels && models.fallbackModels.length > 0 ? [modelFallbackMiddleware(...models.fallbackModels)] : []);

/** The MCP tools as one agent calls them (its identity travels with each call). */
export type ToolsFor = (agent: WorkerName) => readonly StructuredToolInterface[];

/**
 * How the supervisor delegates: `parallel` lets it call several workers (or one worker several
 * times) in one turn, each call a LangGraph `Send` task with a clean context; `sequential` asks the
 * model for one delegation per turn (`parallel_tool_calls: false`).
 */
export type DelegationMode = 'parallel' | 'sequential';

/**
 * The supervisor (no domain tools: its only tools are its delegations) over three workers, with the
 * checkpointer on the outermost graph only; the workers inherit it when they run inside a tool call.
 */
export function buildSupervisor(options: AgentModels & { toolsFor: ToolsFor; checkpointer: BaseCheckpointSaver; delegation?: DelegationMode }) {
  const { toolsFor, checkpointer } = options;
  const delegates = ROLES.supervisor.delegates as readonly WorkerName[];
  const tools = delegates.map((name) => delegationTool(name, buildWorker(name, options, toolsFor)));
  return createAgent({
    model: options.model,
    tools,
    name: 'supervisor',
    systemPrompt: systemPrompt('supervisor'),
    middleware: [...fallbacks(options), policyMiddleware('supervisor', { parallelToolCalls: options.delegation !== 'sequential' })] as AnyAgentMiddleware[],
    checkpointer,
  });
}
