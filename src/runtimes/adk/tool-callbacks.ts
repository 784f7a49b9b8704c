import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { SingleBeforeToolCallback } from '@google/adk';
import { CALLER_META_KEY } from '../../domain/index.js';
import { currentLedger, gateToolCall } from '../core/index.js';
import { workerLedger } from './worker-ledger.js';

/**
 * One ADK worker's tool calls through the kernel's tool gate. ADK skips a tool whose before-callback
 * returns a response, so the gate makes the MCP call itself (one session, the worker named in `_meta`)
 * and its result, wrapped as data, is what the model reads: no call reaches the server ungated.
 */
export function gatedToolCallback(agent: string, mcp: Client): SingleBeforeToolCallback {
  return async ({ tool, args }) => {
    const run = workerLedger(currentLedger(), agent);
    const result = await gateToolCall(run, { agent, tool: tool.name, args }, async (finalArgs) => {
      const reply = await mcp.callTool({ name: tool.name, arguments: finalArgs, _meta: { [CALLER_META_KEY]: agent } });
      const text = (reply.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('');
      return { text, isError: reply.isError === true };
    });
    return { result: result.content };
  };
}
