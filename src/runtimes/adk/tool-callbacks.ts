import type { SingleBeforeToolCallback } from '@google/adk';
import type { DomainBoundary } from '../core/index.js';
import { currentLedger, gateToolCall } from '../core/index.js';
import { workerLedger } from './worker-ledger.js';

/**
 * One ADK worker's tool calls through the kernel's tool gate. ADK skips a tool whose before-callback
 * returns a response, so the gate makes the MCP call itself (the boundary's session for the run's
 * tenant, the worker named) and its result, wrapped as data, is what the model reads: no call reaches
 * the server ungated.
 */
export function gatedToolCallback(agent: string, boundary: Pick<DomainBoundary, 'call'>): SingleBeforeToolCallback {
  return async ({ tool, args }) => {
    const run = workerLedger(currentLedger(), agent);
    const result = await gateToolCall(run, { agent, tool: tool.name, args }, (finalArgs) => boundary.call({ tenant: run.init.tenant, agent, tool: tool.name, args: finalArgs }));
    return { result: result.content };
  };
}
