import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { CALLER_META_KEY, DOMAIN_TOOLS, SEARCH_POLICIES_TOOL } from '../../domain/index.js';

/**
 * The MCP server's tools as LangChain tools for one agent, over one persistent client session. Each call
 * names the agent in `_meta`, so the server (knowledge search's scopes) knows the caller from the
 * runtime rather than from the model. The content is the server's JSON text; MCP's `isError` travels as
 * the tool message's artifact, so the tool gate takes the status from the server, not from the text.
 */
export function mcpTools(client: Client, agent: string, options: { knowledge: boolean }): StructuredToolInterface[] {
  const definitions = [...DOMAIN_TOOLS, ...(options.knowledge ? [SEARCH_POLICIES_TOOL] : [])];
  return definitions.map((definition) =>
    tool(
      async (args: Record<string, unknown>): Promise<[string, { isError: boolean }]> => {
        const result = await client.callTool({ name: definition.name, arguments: args, _meta: { [CALLER_META_KEY]: agent } });
        const content = result.content as Array<{ type: string; text?: string }>;
        return [content.map((part) => part.text ?? '').join(''), { isError: result.isError === true }];
      },
      { name: definition.name, description: definition.description, schema: definition.inputSchema, responseFormat: 'content_and_artifact' },
    ),
  );
}
