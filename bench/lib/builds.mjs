// Opening the two builds on fresh SQLite files: Waybill's runtime (full policy layer) and the plain
// agents-as-tools supervisor over the same kind of MCP session and the same SqliteSaver.
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { SqliteDomainStore } from '../../dist/domain/index.js';
import { connectInMemory } from '../../dist/mcp/index.js';
import { openLangGraphRuntime } from '../../dist/runtimes/langgraph/index.js';
import { buildPlainSupervisor } from './plain-supervisor.mjs';

// The plain build has no rate limit or concurrency cap: Waybill's are set out of reach so that both
// builds do the same work (at the defaults, 50 concurrent runs throttled 7 to 12 of Waybill's tool
// calls, and a throttled call is a different conversation).
const UNTHROTTLED = { rateLimit: { burst: 1_000_000, perSecond: 1_000_000 }, maxConcurrentToolCalls: 1_000_000 };

export async function openWaybill({ dbPath, model, limits, durability }) {
  const opened = await openLangGraphRuntime({ dbPath, model, ...UNTHROTTLED, ...(limits && { limits }), ...(durability && { durability }) });
  return {
    name: 'waybill',
    db: opened.checkpointer.db,
    graphNodes: () => Object.keys(opened.runtime.graph.nodes),
    ask: (input, threadId) => opened.runtime.ask({ input, threadId }),
    opened,
    close: () => opened.close(),
  };
}

/** Plain build: domain store, in-memory MCP session and SqliteSaver on one file, as Waybill has them; `durability` unset is LangGraph's default. */
export async function openPlain({ dbPath, model, durability }) {
  const domain = SqliteDomainStore.open(dbPath);
  const mcp = await connectInMemory({ store: domain });
  const checkpointer = SqliteSaver.fromConnString(dbPath);
  const plain = buildPlainSupervisor({ model, mcpClient: mcp.client, checkpointer, durability });
  return {
    name: 'plain',
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
