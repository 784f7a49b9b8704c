import type { FunctionTool } from '@openai/agents';
import { tool } from '@openai/agents';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROLES_TABLE } from '../../agents/index.js';
import { CALLER_META_KEY, findDomainTool } from '../../domain/index.js';
import { toolsForAgent } from '../../policy/index.js';
import { currentLedger, gateToolCall, vetToolCall } from '../core/index.js';

/** A tool as the MCP server lists it: the name, what it does, and its JSON schema. */
export interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: { type: 'object'; properties?: Record<string, object> | undefined; required?: string[] | undefined };
}

const asArgs = (input: unknown): Record<string, unknown> => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {});

/**
 * The MCP server's tools for one agent as SDK function tools over one in-process MCP client session.
 * The roles table filters them (an agent is only shown its own tools); each call goes through the
 * kernel's tool gate with the agent's name in `_meta`. `cancel_shipment` pauses for a human through
 * `needsApproval` unless the gate's vetting denies it first (a denied call is never put to a human) or
 * it falls under the auto-approve threshold.
 */
export function mcpFunctionTools(options: { client: Client; agent: string; listed: readonly ListedTool[] }): FunctionTool[] {
  const { client, agent, listed } = options;
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
        if (verdict.verdict !== 'allow') return false;
        if (!verdict.needsApproval) run.audit({ agent, type: 'approval.decided', tool: definition.name, args, status: 'ok', detail: 'auto-approved below the threshold' });
        else if (!run.resuming) run.audit({ agent, type: 'approval.requested', tool: definition.name, args, status: 'pending' });
        return verdict.needsApproval;
      },
      execute: async (input) => {
        const result = await gateToolCall(currentLedger(), { agent, tool: definition.name, args: asArgs(input) }, async (args) => {
          const reply = await client.callTool({ name: definition.name, arguments: args, _meta: { [CALLER_META_KEY]: agent } });
          const text = (reply.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('');
          return { text, isError: reply.isError === true };
        });
        return result.content;
      },
    }),
  );
}
