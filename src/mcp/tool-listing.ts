import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DomainTool } from '../domain/index.js';

/** What a listed tool needs: a domain tool, or the knowledge-search contract (read-only). */
type ListableTool = Pick<DomainTool, 'title' | 'description' | 'inputSchema'> & { name: string; risk?: DomainTool['risk'] };

/** The MCP description of a domain tool: the JSON Schema the model sees, plus behaviour hints. */
export function toolListing(tool: ListableTool): Tool {
  const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' });
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: {
      type: 'object',
      properties: (schema.properties ?? {}) as Record<string, object>,
      required: schema.required ?? [],
      additionalProperties: false,
    },
    annotations: {
      title: tool.title,
      readOnlyHint: (tool.risk ?? 'read') === 'read',
      destructiveHint: tool.risk === 'irreversible',
      idempotentHint: true,
      openWorldHint: false,
    },
  };
}
