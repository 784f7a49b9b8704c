import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import { PACKAGE_VERSION } from './package-version.js';

/**
 * A real MCP client linked to a Waybill server in the same process, with no stdio or network in between.
 * The caller is whoever opens it (default: the in-process runtime identity); irreversible calls need a
 * grant as on every transport.
 */
export async function connectInMemory(options: WaybillMcpServerOptions): Promise<{ client: Client; close(): Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createWaybillMcpServer(options);
  const client = new Client({ name: 'waybill-in-memory', version: PACKAGE_VERSION });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
