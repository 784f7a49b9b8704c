import { DOMAIN_TOOLS } from '../domain/index.js';
import { toolListing } from '../mcp/tool-listing.js';

/** The four domain tools as OpenAI function definitions, exactly as the MCP server lists them. */
export function domainToolSpecs(): Array<{ type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } }> {
  return DOMAIN_TOOLS.map((tool) => {
    const listing = toolListing(tool);
    return { type: 'function', function: { name: listing.name, description: listing.description ?? '', parameters: listing.inputSchema } };
  });
}
