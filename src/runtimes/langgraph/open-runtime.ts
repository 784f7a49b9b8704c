import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { MemorySaver } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { errorEnvelope, SqliteDomainStore } from '../../domain/index.js';
import type { SearchPoliciesInput, ToolResult } from '../../domain/index.js';
import { BUNDLED_CORPUS_DIR, KnowledgeBase } from '../../knowledge/index.js';
import { connectInMemory } from '../../mcp/index.js';
import type { ModelConfig } from '../../models/index.js';
import { createChatModel, loadModelConfig, OfflinePlannerChatModel } from '../../models/index.js';
import type { DomainPolicy, RateLimit, RunLimits } from '../../policy/index.js';
import { SqliteControlStore } from '../../policy/index.js';
import { SqliteRunStore } from '../../telemetry/index.js';
import { checkParallelCap, LangGraphRuntime } from './langgraph-runtime.js';
import type { RunObserver } from './langgraph-runtime.js';
import type { DelegationMode } from './build-agents.js';

export interface OpenRuntimeOptions {
  /** The shared SQLite file (domain, control, runs, checkpoints); `:memory:` keeps everything in memory. */
  dbPath: string;
  /** Defaults to the environment's configuration: the offline planner when no model is set. */
  model?: BaseChatModel;
  modelConfig?: ModelConfig;
  limits?: Partial<RunLimits>;
  policy?: DomainPolicy;
  rateLimit?: RateLimit;
  now?: () => Date;
  newId?: () => string;
  onRunFinished?: RunObserver;
  delegation?: DelegationMode;
  maxParallelDelegations?: number;
}

export interface OpenedRuntime {
  runtime: LangGraphRuntime;
  domain: SqliteDomainStore;
  controls: SqliteControlStore;
  runs: SqliteRunStore;
  checkpointer: BaseCheckpointSaver;
  modelName: string;
  close(): Promise<void>;
}

/**
 * Opens everything a process needs to run Waybill on one SQLite file: the stores, one persistent MCP
 * session to the domain server, the checkpointer and the model. Close it when done.
 */
export async function openLangGraphRuntime(options: OpenRuntimeOptions): Promise<OpenedRuntime> {
  const { dbPath } = options;
  // Checked before anything is opened, so a bad option leaves no file handle behind.
  if (options.maxParallelDelegations !== undefined) checkParallelCap(options.maxParallelDelegations);
  // The domain store opens first: it creates the file and its schema registry.
  const domain = SqliteDomainStore.open(dbPath);
  const controls = SqliteControlStore.open(dbPath);
  const runs = SqliteRunStore.open(dbPath);
  const checkpointer: BaseCheckpointSaver = dbPath === ':memory:' ? new MemorySaver() : SqliteSaver.fromConnString(dbPath);
  const knowledge = KnowledgeBase.open({ path: dbPath, seedCorpus: BUNDLED_CORPUS_DIR, ...(options.now && { now: options.now }) });
  const mcp = await connectInMemory({ store: domain, controls, searchPolicies: scopedSearch(knowledge), ...(options.now && { now: options.now }) });
  const config = options.modelConfig ?? loadModelConfig();
  const model = options.model ?? (config.main ? createChatModel(config.main, config) : new OfflinePlannerChatModel({}));
  const modelName = options.model ? 'custom' : (config.main?.model ?? 'waybill-offline-planner');
  const fallbackModels = options.model ? [] : config.fallbacks.map((endpoint) => createChatModel(endpoint, config));
  const runtime = new LangGraphRuntime({
    model,
    fallbackModels,
    mcp: mcp.client,
    knowledge: true,
    checkpointer,
    controls,
    runs,
    domain,
    ...(options.limits && { limits: options.limits }),
    ...(options.policy && { policy: options.policy }),
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.now && { now: options.now }),
    ...(options.newId && { newId: options.newId }),
    ...(options.onRunFinished && { onRunFinished: options.onRunFinished }),
    ...(options.delegation && { delegation: options.delegation }),
    ...(options.maxParallelDelegations !== undefined && { maxParallelDelegations: options.maxParallelDelegations }),
  });
  return {
    runtime,
    domain,
    controls,
    runs,
    checkpointer,
    modelName,
    close: async () => {
      await mcp.close();
      knowledge.close();
      if (checkpointer instanceof SqliteSaver) checkpointer.db.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}

/** Knowledge search as the MCP server serves it: the caller's scopes, passages already wrapped as data. */
function scopedSearch(knowledge: KnowledgeBase) {
  return async (agent: string | undefined, args: SearchPoliciesInput): Promise<ToolResult> => {
    if (!agent) return errorEnvelope(['caller: the request names no agent; knowledge search is deny-by-default']);
    const result = await knowledge.searchPolicies({ agent, query: args.query, ...(args.limit !== undefined && { limit: args.limit }) });
    return {
      status: 'ok',
      access: result.access,
      hits: result.hits.map((hit) => ({ doc_id: hit.doc_id, title: hit.title, scope: hit.scope, fused_score: hit.fused_score, passage: hit.for_model })),
      ...(result.degraded !== undefined && { degraded: result.degraded }),
    };
  };
}
