import type { McpServer, ReadResourceTemplateCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from '../domain/index.js';
import type { PolicyDocuments } from '../domain/index.js';

const SHIPMENT_URI_TEMPLATE = 'waybill://shipments/{tracking_id}';
const POLICY_URI_TEMPLATE = 'waybill://policies/{doc_id}';

type Extra = Parameters<ReadResourceTemplateCallback>[2];

export interface ResourceScope {
  /** The shipment as `track_shipment` answers it for this caller: tenancy, switches and audit included. */
  readShipment(trackingId: string, extra: Extra): Promise<ToolResult>;
  /** The caller's own tracking ids that start with what was typed. */
  completeTrackingId(value: string): Promise<string[]>;
  /** The policy documents, and the knowledge-base entry this caller reads them as. */
  policies?: { documents: PolicyDocuments; entry: string };
}

/** The JSON-RPC error for a URI that names nothing this caller may read (the spec's -32602, with the URI). */
function resourceNotFound(uri: string, detail?: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `Resource ${uri.slice(0, 200)} not found${detail ? `: ${detail}` : ''}`, { uri });
}

const decode = (value: string | string[] | undefined): string => {
  const raw = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * Resources: one shipment by URI template (the caller's tenant only, read through the same path as the
 * `track_shipment` tool) and the company policy documents the caller's role may read. Reads are
 * dispatched here rather than by the SDK so that every unknown or foreign URI answers -32602 naming it.
 */
export function registerResources(mcp: McpServer, scope: ResourceScope): void {
  const readShipment: ReadResourceTemplateCallback = async (uri, variables, extra) => {
    const result = await scope.readShipment(decode(variables.tracking_id), extra);
    if (result.status !== 'ok') throw resourceNotFound(uri.href, 'problems' in result ? result.problems.join('; ') : result.status);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(result) }] };
  };
  const shipments = new ResourceTemplate(SHIPMENT_URI_TEMPLATE, { list: undefined, complete: { tracking_id: (value) => scope.completeTrackingId(value) } });
  mcp.registerResource(
    'shipment',
    shipments,
    { title: 'Shipment', description: 'One shipment of your tenant by tracking id (TTN-XXXXXX): status, route, ETA, history, delay reason, cancellation', mimeType: 'application/json' },
    readShipment,
  );
  const readers: Array<[ResourceTemplate, ReadResourceTemplateCallback]> = [[shipments, readShipment]];

  const { policies } = scope;
  if (policies) {
    const { documents, entry } = policies;
    const readPolicy: ReadResourceTemplateCallback = async (uri, variables) => {
      const doc = await documents.read(entry, decode(variables.doc_id));
      if (!doc) throw resourceNotFound(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: doc.body }] };
    };
    const template = new ResourceTemplate(POLICY_URI_TEMPLATE, {
      list: async () => ({
        resources: (await documents.list(entry)).map((doc) => ({
          uri: `waybill://policies/${doc.id}`,
          name: doc.id,
          title: doc.title,
          description: `${doc.title} (scope ${doc.scope}, ${doc.sensitivity})`,
          mimeType: 'text/markdown',
        })),
      }),
      complete: { doc_id: async (value) => (await documents.list(entry)).map((doc) => doc.id).filter((id) => id.startsWith(value.trim().toLowerCase())) },
    });
    mcp.registerResource('policy', template, { title: 'Company policy', description: 'A company policy document your role may read (Markdown)', mimeType: 'text/markdown' }, readPolicy);
    readers.push([template, readPolicy]);
  }

  mcp.server.setRequestHandler(ReadResourceRequestSchema, async (request, extra): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    for (const [template, read] of readers) {
      const variables = template.uriTemplate.match(uri);
      if (variables) return read(new URL(uri), variables, extra);
    }
    throw resourceNotFound(uri);
  });
  // Nothing here changes the lists during a session; say so rather than claim notifications never sent.
  mcp.server.registerCapabilities({ resources: { listChanged: false } });
}
