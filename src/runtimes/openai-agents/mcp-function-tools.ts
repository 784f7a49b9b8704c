import type { FunctionTool } from '@openai/agents';
import { tool } from '@openai/agents';
import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import { toolsForAgent } from '../../policy/index.js';
import type { DomainBoundary } from '../core/index.js';
import { currentLedger, fileBeforePause, gateToolCall, vetToolCall } from '../core/index.js';

/** A tool as the MCP server lists it: the name, what it does, and its JSON schema. */
export interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: { type: 'object'; properties?: Record<string, object> | undefined; required?: string[] | undefined };
}

const asArgs = (input: unknown): Record<string, unknown> => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {});

/**
 * The MCP server's tools for one agent as SDK function tools over the boundary's session for the run's tenant.
 * The roles table filters them (an agent is only shown its own tools); each call goes through the
 * kernel's tool gate with the agent's name in `_meta`. `cancel_shipment` pauses for a human through
 * `needsApproval` unless the gate's vetting denies it first (a denied call is never put to a human) or
 * it falls under the auto-approve threshold.
 */
export function mcpFunctionTools(options: { boundary: Pick<DomainBoundary, 'call'>; agent: string; listed: readonly ListedTool[] }): FunctionTool[] {
  const { boundary, agent, listed } = options;
  return toolsForAgent(ROLES_TABLE, agent, listed).map((definition) =>
    tool({
      name: definition.name,
      description: definition.description ?? definition.name,
      parameters: { type: 'object', properties: definition.inputSchema.properties ?? {}, required: definition.inputSchema.required ?? [], additionalProperties: true },
      strict: false,
      needsApproval: async (_context, input) => {
        if (findDomainTool(definition.name)?.risk !== 'irreversible') return false;
        const run = currentLedger();
        const args = asArgs(input);
        const verdict = vetToolCall(run, { agent, tool: definition.name, args });
        // The request is filed at the boundary now (a call the domain refuses is answered, not paused);
        // an automatic approval is recorded by the tool gate.
        return verdict.verdict === 'allow' && verdict.needsApproval && (await fileBeforePause(run, { agent, tool: definition.name, args }));
      },
      execute: async (input) => {
        const run = currentLedger();
        const result = await gateToolCall(run, { agent, tool: definition.name, args: asArgs(input) }, (args) => boundary.call({ tenant: run.init.tenant, agent, tool: definition.name, args }));
        return result.content;
      },
    }),
  );
}
