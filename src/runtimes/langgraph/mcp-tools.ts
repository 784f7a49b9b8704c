import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { DOMAIN_TOOLS, SEARCH_POLICIES_TOOL } from '../../domain/index.js';
import type { DomainBoundary } from '../core/index.js';
import { currentLedger } from '../core/index.js';

/**
 * The MCP server's tools as LangChain tools for one agent. Each call goes to the server through the
 * boundary's session for the current run's tenant, naming the agent (knowledge search's scopes), so the
 * server knows the caller from the runtime rather than from the model. The content is the server's JSON
 * text; MCP's `isError` travels as the tool message's artifact, so the tool gate takes the status from
 * the server, not from the text.
 */
export function mcpTools(boundary: Pick<DomainBoundary, 'call'>, agent: string, options: { knowledge: boolean }): StructuredToolInterface[] {
  const definitions = [...DOMAIN_TOOLS, ...(options.knowledge ? [SEARCH_POLICIES_TOOL] : [])];
  return definitions.map((definition) =>
    tool(
      async (args: Record<string, unknown>): Promise<[string, { isError: boolean }]> => {
        const { text, isError } = await boundary.call({ tenant: currentLedger().init.tenant, agent, tool: definition.name, args });
        return [text, { isError }];
      },
      { name: definition.name, description: definition.description, schema: definition.inputSchema, responseFormat: 'content_and_artifact' },
    ),
  );
}
