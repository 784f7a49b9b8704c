import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { BaseChatModel as ChatModelClass } from '@langchain/core/language_models/chat_models';
import { OFFLINE_PLANNER_MODEL, OfflinePlannerChatModel } from '../../models/index.js';
import type { OpenRuntimeOptions, PortContext, RunKernel, Runtime } from '../core/index.js';
import { openedRuntime, openKernel } from '../core/index.js';
import type { DelegationMode } from './build-agents.js';
import { buildSupervisor } from './build-agents.js';
import type { Durability } from './langgraph-port.js';
import { LangGraphPort } from './langgraph-port.js';
import { mcpTools } from './mcp-tools.js';
import { openCheckpointer } from './open-checkpointer.js';

/** The LangGraph runtime's own options, beside the kernel's. */
export interface OpenLangGraphOptions extends OpenRuntimeOptions {
  /** A LangChain chat model; default the environment's configuration, else the offline planner. */
  model?: BaseChatModel;
  /** `parallel` (default): independent sub-tasks fan out in one turn; `sequential`: one per turn. */
  delegation?: DelegationMode;
  /** Delegations (and other graph tasks) run at once within one step. Default 4; at least 2. */
  maxParallelDelegations?: number;
  /**
   * When LangGraph writes checkpoints (docs/durability.md). Default `exit`: once when the run ends or
   * pauses for approval, measured at 0.16x the checkpoint bytes of `async` (LangGraph's default,
   * a checkpoint per step). A process killed mid-run then restarts that run from its input.
   */
  durability?: Durability;
}

/** The LangGraph runtime, opened: the kernel over its port (the graph, for tools that draw it) and the checkpointer. */
export type OpenedLangGraphRuntime = Runtime & { runtime: RunKernel & { readonly port: LangGraphPort }; checkpointer: BaseCheckpointSaver };

/**
 * Opens Waybill on LangGraph.js on one database (SQLite file or PostgreSQL): the kernel's stores and MCP
 * session, the checkpointer, and the model with its fallbacks. Close it when done.
 */
export async function openLangGraphRuntime(options: OpenLangGraphOptions): Promise<OpenedLangGraphRuntime> {
  // Checked before anything is opened, so a bad option leaves no file handle behind.
  const maxConcurrency = checkParallelCap(options.maxParallelDelegations ?? 4);
  if (options.model !== undefined && !(options.model instanceof ChatModelClass)) throw new TypeError('the langgraph runtime takes a LangChain chat model as `model`');
  const kernel = (await openKernel('langgraph', options, (context) => openLangGraphPort(context, maxConcurrency))) as RunKernel & { readonly port: LangGraphPort };
  return openedRuntime(kernel, { checkpointer: kernel.port.checkpointer });
}

async function openLangGraphPort({ boundary, models, options }: PortContext<OpenLangGraphOptions>, maxConcurrency: number): Promise<LangGraphPort> {
  const { config, main } = models;
  // LangChain's OpenAI client (and the OpenAI SDK under it) loads only for a run that calls a model over HTTP.
  const client = options.model === undefined && (main || models.fallbacks.length > 0) ? await import('../../models/providers/create-chat-model.js') : undefined;
  const model = options.model ?? (main && client ? client.createChatModel(main, { ...config, ...(models.maxRetries !== undefined && { maxRetries: models.maxRetries }) }) : new OfflinePlannerChatModel({ ...(options.planner && { planner: options.planner }) }));
  const fallbackModels = client ? models.fallbacks.map((endpoint) => client.createChatModel(endpoint, config)) : [];
  const opened = await openCheckpointer(options.dbPath);
  const supervisor = buildSupervisor({
    model,
    fallbackModels,
    toolsFor: (agent) => mcpTools(boundary, agent, { knowledge: options.knowledge ?? true }),
    checkpointer: opened.saver,
    ...(options.delegation && { delegation: options.delegation }),
  });
  const modelName = options.model ? 'custom' : (main?.model ?? OFFLINE_PLANNER_MODEL);
  return new LangGraphPort({ supervisor, checkpointer: opened.saver, modelName, maxConcurrency, durability: options.durability ?? 'exit', closeCheckpointer: () => opened.close() });
}

/**
 * Throws RangeError unless `cap` is a whole number of at least 2: LangGraph drops every `Send` task but
 * the first at `maxConcurrency: 1` (langgraphjs #2656), so one at a time is `delegation: 'sequential'`.
 */
function checkParallelCap(cap: number): number {
  if (!Number.isInteger(cap) || cap < 2) throw new RangeError(`maxParallelDelegations must be a whole number of at least 2 (for one at a time use delegation: 'sequential'), got ${String(cap)}`);
  return cap;
}
