// The baseline: a plain LangGraph.js supervisor in the documented agents-as-tools shape. A supervisor
// `createAgent` whose only tools invoke three worker `createAgent`s; no middleware, no guards, no run
// record. Same model, same MCP tools (each worker is offered the same tools as Waybill's worker of that
// name, from the roles table), same SqliteSaver on the outermost graph. `durability` is LangGraph's own
// invoke option: unset, LangGraph's default (`async`, a checkpoint per step); `exit`, what Waybill runs at,
// is one option away for a plain user too, so the bench measures both (issue 36).
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { z } from 'zod';
import { ROLES } from '../../dist/agents/index.js';
import { plainMcpTools } from './mcp-tools.mjs';

const WORKERS = ['tracking_agent', 'warehouse_agent', 'pricing_agent'];

// Short prompts and descriptions of the kind the LangChain multi-agent docs use.
const PLAIN_PROMPTS = {
  supervisor: 'You are a logistics supervisor. Break the user request into parts, call the right agent for each part, and combine their answers.',
  tracking_agent: 'You are a shipment tracking agent. Use your tools to answer.',
  warehouse_agent: 'You are a warehouse stock agent. Use your tools to answer.',
  pricing_agent: 'You are a delivery pricing agent. Use your tools to answer.',
};
const PLAIN_DESCRIPTIONS = {
  tracking_agent: 'Shipment status, history, delays and cancellations.',
  warehouse_agent: 'Stock by SKU and warehouse.',
  pricing_agent: 'Delivery price and time.',
};

/** Builds the plain supervisor with the short prompts and descriptions above. */
export function buildPlainSupervisor({ model, mcpClient, checkpointer, durability }) {
  const mcpTools = plainMcpTools(mcpClient);
  const delegations = WORKERS.map((name) => {
    const worker = createAgent({ model, tools: mcpTools.filter((t) => ROLES[name].tools.includes(t.name)), name, systemPrompt: PLAIN_PROMPTS[name] });
    return tool(
      async ({ request }, config) => {
        const result = await worker.invoke({ messages: [{ role: 'user', content: request }] }, config);
        const last = result.messages.at(-1);
        return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
      },
      { name, description: PLAIN_DESCRIPTIONS[name], schema: z.object({ request: z.string().describe('The sub-request for this agent') }) },
    );
  });
  const supervisor = createAgent({ model, tools: delegations, name: 'supervisor', systemPrompt: PLAIN_PROMPTS.supervisor, checkpointer });
  return {
    supervisor,
    /** One request on a new thread; returns the final answer text. */
    async ask(input, threadId) {
      const result = await supervisor.invoke({ messages: [{ role: 'user', content: input }] }, { configurable: { thread_id: threadId }, ...(durability && { durability }) });
      const last = result.messages.at(-1);
      return typeof last?.content === 'string' ? last.content : '';
    },
  };
}
