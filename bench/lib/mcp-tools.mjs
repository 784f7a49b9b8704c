// The MCP server's tools as LangChain tools over one client session, for the plain build: what a plain
// LangGraph.js app writes (or gets from an adapter), with the server's own names, descriptions and schemas.
import { tool } from '@langchain/core/tools';
import { DOMAIN_TOOLS, SEARCH_POLICIES_TOOL } from '../../dist/domain/index.js';

export function plainMcpTools(client) {
  return [...DOMAIN_TOOLS, SEARCH_POLICIES_TOOL].map((definition) =>
    tool(
      async (args) => {
        const result = await client.callTool({ name: definition.name, arguments: args });
        return result.content.map((part) => part.text ?? '').join('');
      },
      { name: definition.name, description: definition.description, schema: definition.inputSchema },
    ),
  );
}
