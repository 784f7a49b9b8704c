import type { StructuredToolInterface } from '@langchain/core/tools';
import { tool } from '@langchain/core/tools';
import { DOMAIN_TOOLS, SEARCH_POLICIES_TOOL } from '../../domain/index.js';
import { toolListing } from '../../mcp/index.js';
import type { DomainBoundary } from '../core/index.js';
import { currentLedger } from '../core/index.js';

// What the model is offered of the policy search: the server's arguments without their descriptions, and
// a one-line description, where the server's listing spends 137 tokens on every worker call.
const SEARCH_POLICIES_FOR_MODEL = {
  description: 'Search the company policies you may read (shipping rules, refunds, packaging, insurance, delivery times).',
  schema: {
    type: 'object',
    properties: { query: { type: 'string', minLength: 1, maxLength: 2000 }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
    required: ['query'],
    additionalProperties: false,
  } as ToolSchema,
};

// Converted from zod once per tool and process, not once per agent that offers it (start-up, issue 36).
const schemas = new Map<string, ToolSchema>();
const modelSchema = (definition: (typeof DOMAIN_TOOLS)[number] | typeof SEARCH_POLICIES_TOOL): ToolSchema => {
  const known = schemas.get(definition.name);
  if (known) return known;
  const schema = toolListing(definition).inputSchema as ToolSchema;
  schemas.set(definition.name, schema);
  return schema;
};

/** A JSON Schema object as LangChain's tool() takes it. */
type ToolSchema = { type: 'object'; properties: Record<string, object>; required: string[]; additionalProperties: false };

/**
 * The MCP server's tools as LangChain tools for one agent. Each call goes to the server through the
 * boundary's session for the current run's tenant, naming the agent (knowledge search's scopes), so the
 * server knows the caller from the runtime rather than from the model. The content is the server's JSON
 * text; MCP's `isError` travels as the tool message's artifact, so the tool gate takes the status from
 * the server, not from the text. The schema offered to the model is the JSON Schema the MCP server lists
 * (no `$schema` line in every tool of every call, issue 22); the arguments are validated by the tool gate
 * and by the server.
 */
export function mcpTools(boundary: Pick<DomainBoundary, 'call'>, agent: string, options: { knowledge: boolean }): StructuredToolInterface[] {
  const definitions = [...DOMAIN_TOOLS, ...(options.knowledge ? [SEARCH_POLICIES_TOOL] : [])];
  return definitions.map((definition) =>
    tool(
      async (args: Record<string, unknown>): Promise<[string, { isError: boolean }]> => {
        const { text, isError } = await boundary.call({ tenant: currentLedger().init.tenant, agent, tool: definition.name, args });
        return [text, { isError }];
      },
      {
        name: definition.name,
        ...(definition.name === SEARCH_POLICIES_TOOL.name ? SEARCH_POLICIES_FOR_MODEL : { description: definition.description, schema: modelSchema(definition) }),
        responseFormat: 'content_and_artifact',
      },
    ),
  );
}
