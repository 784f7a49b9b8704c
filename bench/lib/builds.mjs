// Opening the two builds on fresh SQLite files: Waybill's runtime (full policy layer) and the plain
// agents-as-tools supervisor over the same kind of MCP session and the same SqliteSaver.
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { SqliteDomainStore } from '../../dist/domain/index.js';
import { connectInMemory } from '../../dist/mcp/index.js';
import { openLangGraphRuntime } from '../../dist/runtimes/langgraph/index.js';
import { buildPlainSupervisor } from './plain-supervisor.mjs';

export async function openWaybill({ dbPath, model, limits }) {
  const opened = await openLangGraphRuntime({ dbPath, model, ...(limits && { limits }) });
  return {
    name: 'waybill',
    db: opened.checkpointer.db,
    graphNodes: () => Object.keys(opened.runtime.graph.nodes),
    ask: (input, threadId) => opened.runtime.ask({ input, threadId }),
    opened,
    close: () => opened.close(),
  };
}

/** Plain build: domain store, in-memory MCP session and SqliteSaver on one file, as Waybill has them. */
export async function openPlain({ dbPath, model, prompts = 'plain' }) {
  const domain = SqliteDomainStore.open(dbPath);
  const mcp = await connectInMemory({ store: domain });
  const checkpointer = SqliteSaver.fromConnString(dbPath);
  // Waybill's prompts are internal to its runtime: loaded only for the diagnostic variant.
  const waybillPrompt = prompts === 'waybill' ? (await import('../../dist/agents/index.js')).systemPrompt : undefined;
  const plain = buildPlainSupervisor({ model, mcpClient: mcp.client, checkpointer, waybillPrompt });
  return {
    name: prompts === 'plain' ? 'plain' : 'plain-waybill-prompts',
    db: checkpointer.db,
    graphNodes: () => Object.keys(plain.supervisor.graph.nodes),
    ask: (input, threadId) => plain.ask(input, threadId),
    close: async () => {
      await mcp.close();
      checkpointer.db.close();
      await domain.close();
    },
  };
}
