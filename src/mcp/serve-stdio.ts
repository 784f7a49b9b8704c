import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import type { Logger } from './stderr-logger.js';

/**
 * Serves the MCP server over stdin/stdout until the client closes stdin, as `caller` (a local
 * identity from flags or the environment). Anything that would print to stdout (a stray console.log
 * in a dependency) is rerouted to stderr so the protocol stream stays clean.
 */
export async function serveStdio(options: WaybillMcpServerOptions & { logger: Logger }): Promise<void> {
  // eslint-disable-next-line no-console -- rerouting console output is exactly what keeps stdout clean
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  const server = createWaybillMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  options.logger.info('waybill mcp serving on stdio', { store: options.store.backend, tenant: options.caller?.tenant, role: options.caller?.role });
  await closed;
  await server.close();
}
