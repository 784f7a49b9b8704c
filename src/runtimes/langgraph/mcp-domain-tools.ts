import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { DOMAIN_TOOLS } from '../../domain/index.js';

/**
 * The domain tools as LangChain tools that call the MCP server over one persistent client session.
 * The result is the server's JSON text, success or error envelope alike: failures are data the model
 * reads, not exceptions.
 */
export function mcpDomainTools(client: Client): StructuredToolInterface[] {
  return DOMAIN_TOOLS.map((definition) =>
    tool(
      async (args: Record<string, unknown>) => {
        const result = await client.callTool({ name: definition.name, arguments: args });
        const content = result.content as Array<{ type: string; text?: string }>;
        return content.map((part) => part.text ?? '').join('');
      },
      { name: definition.name, description: definition.description, schema: definition.inputSchema },
    ),
  );
}
