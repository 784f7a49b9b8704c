import { MemorySaver } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { SqliteDomainStore } from '../../domain/index.js';
import { connectInMemory } from '../../mcp/index.js';
import { createChatModel, loadModelConfig, OfflinePlannerChatModel } from '../../models/index.js';
import { SqliteControlStore } from '../../policy/index.js';
import { SqliteRunStore } from '../../telemetry/index.js';
import { LangGraphRuntime } from '../langgraph/index.js';
import type { AnyRuntime, OpenByNameOptions } from './open-runtime-by-name.js';

/**
 * The LangGraph runtime as `openLangGraphRuntime` opens it, except that knowledge search is optional:
 * the comparison turns it off so every framework's workers carry the same tool schemas in their prompts.
 */
export async function openLangGraphForComparison(options: OpenByNameOptions): Promise<AnyRuntime> {
  const { dbPath } = options;
  const domain = SqliteDomainStore.open(dbPath);
  const controls = SqliteControlStore.open(dbPath);
  const runs = SqliteRunStore.open(dbPath);
  const checkpointer = dbPath === ':memory:' ? new MemorySaver() : SqliteSaver.fromConnString(dbPath);
  const mcp = await connectInMemory({ store: domain });
  const config = loadModelConfig();
  const endpoint = options.endpoint ?? config.main;
  const model = endpoint ? createChatModel(endpoint, { ...config, maxRetries: config.maxRetries }) : new OfflinePlannerChatModel({});
  const runtime = new LangGraphRuntime({ model, mcp: mcp.client, knowledge: options.knowledge ?? false, checkpointer, controls, runs, domain });
  return {
    name: 'langgraph',
    ask: (request) => runtime.ask(request),
    close: async () => {
      await mcp.close();
      if (checkpointer instanceof SqliteSaver) checkpointer.db.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
