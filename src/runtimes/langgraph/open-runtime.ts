import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { BaseChatModel as ChatModelClass } from '@langchain/core/language_models/chat_models';
import { openDomainStore } from '../../domain/index.js';
import { BUNDLED_CORPUS_DIR, KnowledgeBase, policySearchTool } from '../../knowledge/index.js';
import { openInProcessBoundary } from '../../mcp/index.js';
import type { ModelConfig } from '../../models/index.js';
import { createChatModel, loadModelConfig, OFFLINE_PLANNER_MODEL, OfflinePlannerChatModel } from '../../models/index.js';
import { openControlStore } from '../../policy/index.js';
import { openRunStore } from '../../telemetry/index.js';
import type { OpenRuntimeOptions, Runtime } from '../core/index.js';
import type { DelegationMode } from './build-agents.js';
import type { Durability } from './langgraph-runtime.js';
import { checkParallelCap, LangGraphRuntime } from './langgraph-runtime.js';
import { openCheckpointer } from './open-checkpointer.js';

export interface OpenLangGraphOptions extends OpenRuntimeOptions {
  /** A LangChain chat model; default the environment's configuration, else the offline planner. */
  model?: BaseChatModel;
  /** Instead of the environment's model configuration. */
  modelConfig?: ModelConfig;
  delegation?: DelegationMode;
  maxParallelDelegations?: number;
  /** When checkpoints are written; default `exit` (see LangGraphRuntimeOptions.durability). */
  durability?: Durability;
}

/** The LangGraph runtime, opened: the kernel's `Runtime` plus the graph and checkpointer for tools that draw or inspect them. */
export interface OpenedLangGraphRuntime extends Runtime {
  runtime: LangGraphRuntime;
  checkpointer: BaseCheckpointSaver;
}

const OFFLINE: ModelConfig = { fallbacks: [], temperature: 0, timeoutMs: 60_000, maxRetries: 0 };

/**
 * Opens everything a process needs to run Waybill on LangGraph.js on one database (SQLite file or PostgreSQL): the stores, one
 * persistent MCP session to the domain server, the checkpointer and the model. Close it when done.
 */
export async function openLangGraphRuntime(options: OpenLangGraphOptions): Promise<OpenedLangGraphRuntime> {
  const { dbPath } = options;
  // Checked before anything is opened, so a bad option leaves no file handle behind.
  if (options.maxParallelDelegations !== undefined) checkParallelCap(options.maxParallelDelegations);
  if (options.model !== undefined && !(options.model instanceof ChatModelClass)) throw new TypeError('the langgraph runtime takes a LangChain chat model as `model`');
  // The domain store opens first: it creates the file (or the PostgreSQL tables) and the schema registry.
  const domain = await openDomainStore({ path: dbPath });
  const controls = await openControlStore(dbPath);
  const runs = await openRunStore(dbPath);
  const opened = await openCheckpointer(dbPath);
  const checkpointer = opened.saver;
  const knowledge = await KnowledgeBase.open({ path: dbPath, seedCorpus: BUNDLED_CORPUS_DIR, ...(options.now && { now: options.now }) });
  const boundary = openInProcessBoundary({ runtime: 'langgraph', store: domain, controls, searchPolicies: policySearchTool(knowledge), ...(options.now && { now: options.now }) });
  const config = options.modelConfig ?? (options.offline || options.planner ? OFFLINE : loadModelConfig());
  const main = options.endpoint ?? config.main;
  const model = options.model ?? (main ? createChatModel(main, { ...config, ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }) }) : new OfflinePlannerChatModel({ ...(options.planner && { planner: options.planner }) }));
  const modelName = options.model ? 'custom' : (main?.model ?? OFFLINE_PLANNER_MODEL);
  const fallbackModels = options.model || options.endpoint ? [] : config.fallbacks.map((endpoint) => createChatModel(endpoint, config));
  const runtime = new LangGraphRuntime({
    model,
    fallbackModels,
    boundary,
    knowledge: options.knowledge ?? true,
    checkpointer,
    controls,
    runs,
    domain,
    ...(options.limits && { limits: options.limits }),
    ...(options.policy && { policy: options.policy }),
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.maxConcurrentToolCalls !== undefined && { maxConcurrentToolCalls: options.maxConcurrentToolCalls }),
    ...(options.resilience && { resilience: options.resilience }),
    ...(options.prices && { prices: options.prices }),
    ...(options.proof && { proof: options.proof }),
    ...(options.now && { now: options.now }),
    ...(options.newId && { newId: options.newId }),
    ...(options.onRunFinished && { onRunFinished: options.onRunFinished }),
    ...(options.delegation && { delegation: options.delegation }),
    ...(options.maxParallelDelegations !== undefined && { maxParallelDelegations: options.maxParallelDelegations }),
    ...(options.durability && { durability: options.durability }),
  });
  return {
    name: 'langgraph',
    modelName,
    runtime,
    domain,
    controls,
    runs,
    checkpointer,
    ask: (request) => runtime.ask(request),
    state: (threadId) => runtime.state(threadId),
    decide: (threadId, decision, options) => runtime.decide(threadId, decision, options),
    recover: (threadId) => runtime.recover(threadId),
    close: async () => {
      await boundary.close();
      await knowledge.close();
      await opened.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
